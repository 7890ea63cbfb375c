import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Route plugins take their services from app.services (server/wiring/services.ts builds every
 * one, once). eslint.config.js refuses a route file that builds a repository or a service, or
 * imports a repository; these cases keep that rule alive.
 */
describe('the wiring rule for route files', { timeout: 180_000 }, () => {
  const eslint = new ESLint({ ignore: false });
  const routeFile = 'server/modules/users/routes-lint-fixture.ts';

  async function ruleIds(code: string, filePath = routeFile): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.map((message) => message.ruleId ?? message.message);
  }

  it('refuses a route file that builds a repository', async () => {
    const code =
      "import type { FastifyInstance } from 'fastify';\n" +
      "import { createUserRepository } from './user-repository.ts';\n\n" +
      'export default async function routes(app: FastifyInstance) {\n' +
      '  const users = createUserRepository(app.db);\n' +
      "  app.get('/x', async () => users.findById(1));\n" +
      '}\n';
    const found = await ruleIds(code);
    expect(found).toContain('no-restricted-syntax');
    expect(found).toContain('no-restricted-imports');
  });

  it('refuses a route file that builds a service', async () => {
    const code =
      "import type { FastifyInstance } from 'fastify';\n" +
      "import { createDraftService } from '../drafts/draft-service.ts';\n\n" +
      'export default async function routes(app: FastifyInstance) {\n' +
      '  const drafts = createDraftService(app.db);\n' +
      "  app.get('/x', async () => drafts);\n" +
      '}\n';
    expect(await ruleIds(code)).toContain('no-restricted-syntax');
  });

  it('refuses a type import of a repository too: routes do not reach into one', async () => {
    const code =
      "import type { UserRepository } from '../users/user-repository.ts';\n\n" +
      'export type Users = UserRepository;\n';
    expect(await ruleIds(code)).toContain('no-restricted-imports');
  });

  it('accepts a route file that reads its service from app.services', async () => {
    const code =
      "import type { FastifyInstance } from 'fastify';\n\n" +
      'export default async function routes(app: FastifyInstance) {\n' +
      '  const { drafts } = app.services;\n' +
      "  app.get('/x', async () => drafts);\n" +
      '}\n';
    expect(await ruleIds(code)).toEqual([]);
  });

  it('leaves the wiring itself free to build them', async () => {
    const code =
      "import { createDraftService } from '../modules/drafts/draft-service.ts';\n\n" +
      'export const build = createDraftService;\n' +
      'export const drafts = createDraftService(null as never);\n';
    expect(await ruleIds(code, 'server/wiring/lint-fixture.ts')).toEqual([]);
  });
});
