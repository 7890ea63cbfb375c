import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import rules in eslint.config.js check nothing when no resolver resolves an import, and
 * nothing said so. These cases must keep failing, so the rules cannot go dead again. The first
 * lint loads the TypeScript project and walks the import graph, hence the long time limit.
 */
describe('the lint boundaries', { timeout: 180_000 }, () => {
  const eslint = new ESLint({ ignore: false });

  async function ruleIds(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.map((message) => message.ruleId ?? message.message);
  }

  it('refuses shared browser code that imports the server', async () => {
    const code =
      "import { buildApp } from '../../server/app.ts';\n\nexport const app = buildApp;\n";
    expect(await ruleIds(code, 'src/lib/lint-fixture.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuses a feature that imports another feature', async () => {
    const code =
      "import { formatYuan } from '../membership/format.ts';\n\nexport const price = formatYuan;\n";
    expect(await ruleIds(code, 'src/features/posts/lint-fixture.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuses the service worker importing the page, and the page importing the worker', async () => {
    const fromWorker = "import { api } from '../src/lib/api/client.ts';\n\nexport const x = api;\n";
    expect(await ruleIds(fromWorker, 'sw/lint-fixture.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuses the page importing the server’s own error texts', async () => {
    const code =
      "import { errorText } from '../../contract/messages.ts';\n\nexport const t = errorText;\n";
    expect(await ruleIds(code, 'src/lib/lint-fixture.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('reports a two-file import cycle', async () => {
    const results = await eslint.lintFiles(['tests/lint/fixtures/cycle-a.ts']);
    expect(results[0].messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  it('accepts an import that respects the zones', async () => {
    const code =
      "import { errorText } from '../../contract/page-messages.ts';\n\nexport const t = errorText;\n";
    expect(await ruleIds(code, 'src/lib/lint-fixture.ts')).toEqual([]);
  });
});
