import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Each runtime has its own TypeScript project (tsconfig.json lists them for `tsc -b`). These
 * cases load a project's whole program with a fixture added and expect the fixture to be refused,
 * so a dependency's types or a widened `lib` cannot quietly give the page Node or the server the
 * DOM. Only the fixture is type-checked; building the program resolves every import.
 */
const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(import.meta.dirname, 'fixtures');

function programWith(project: string, fixture: string) {
  const configPath = path.join(root, project, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  const fixturePath = path.join(fixtures, fixture);
  const program = ts.createProgram([...parsed.fileNames, fixturePath], parsed.options);
  const fixtureFile = program.getSourceFile(fixturePath);
  if (!fixtureFile) throw new Error(`${fixture} is not in the program`);
  return {
    errors: program
      .getSemanticDiagnostics(fixtureFile)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    files: program.getSourceFiles().map((file) => file.fileName),
  };
}

const seesNode = (files: string[]) => files.some((file) => file.includes('/@types/node/'));
const seesDom = (files: string[]) => files.some((file) => file.endsWith('/lib.dom.d.ts'));

describe('one TypeScript project per runtime', { timeout: 120_000 }, () => {
  it('gives the page the DOM and not Node', () => {
    const { errors, files } = programWith('src', 'page-uses-node.ts');
    expect(errors.join('\n')).toContain("Cannot find name 'process'");
    expect(seesNode(files)).toBe(false);
    expect(seesDom(files)).toBe(true);
  });

  it('gives the server Node and not the DOM', () => {
    const { errors, files } = programWith('server', 'uses-dom.ts');
    expect(errors.join('\n')).toContain("Cannot find name 'document'");
    expect(seesDom(files)).toBe(false);
    expect(seesNode(files)).toBe(true);
  });

  it('gives the service worker neither the DOM nor Node', () => {
    const { errors, files } = programWith('sw', 'uses-dom.ts');
    expect(errors.join('\n')).toContain("Cannot find name 'document'");
    expect(seesDom(files) || seesNode(files)).toBe(false);
  });

  it('keeps the code the server shares with the page free of both', () => {
    const { errors, files } = programWith('shared', 'uses-dom.ts');
    expect(errors.join('\n')).toContain("Cannot find name 'document'");
    expect(seesDom(files) || seesNode(files)).toBe(false);
  });
});
