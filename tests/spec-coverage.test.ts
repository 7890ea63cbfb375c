import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/spec-coverage.md must account for every rule of SPEC.md sections 2 to 9: one row per
 * route-table row (N.T1…), bullet (N.B1…) and paragraph (N.P1…) of each section, in order, and
 * nothing more. When SPEC.md gains, loses or reorders an item, the counts stop matching and this
 * test names the items to look at. Every code or test path the table names must exist.
 */

const root = path.resolve(import.meta.dirname, '..');
/** CI clones the repository with shared/ beside it. */
const specPath = path.resolve(root, '../shared/SPEC.md');
const tablePath = path.join(root, 'docs/spec-coverage.md');

type Kind = 'T' | 'B' | 'P';
const KIND_NAMES: Record<Kind, string> = { T: 'route-table row', B: 'bullet', P: 'paragraph' };

/** The items of one SPEC.md section, by kind, in the order they appear. */
type SectionItems = Record<Kind, string[]>;

function splitSections(text: string, heading: RegExp): Map<number, string[]> {
  const sections = new Map<number, string[]>();
  let current: string[] | null = null;
  for (const line of text.split('\n')) {
    const match = heading.exec(line);
    if (match) {
      current = [];
      sections.set(Number(match[1]), current);
    } else if (line.startsWith('## ')) {
      current = null;
    } else {
      current?.push(line);
    }
  }
  return sections;
}

/**
 * Bullets are top-level "- " lines; table rows are "|" lines past the header and its rule;
 * paragraphs are runs of other lines.
 */
function specItems(lines: string[]): SectionItems {
  const items: SectionItems = { T: [], B: [], P: [] };
  let tableLine = 0;
  let paragraph: string[] = [];
  const endParagraph = () => {
    const text = paragraph.join(' ').trim();
    // Lead-ins ("Behaviour:") and bold sub-headings ("**Auth**") carry no rule of their own.
    if (text && !text.endsWith(':') && !/^\*\*[^*]+\*\*$/.test(text)) items.P.push(text);
    paragraph = [];
  };
  for (const line of lines) {
    if (line.startsWith('|')) {
      endParagraph();
      tableLine += 1;
      if (tableLine > 2) items.T.push(line);
      continue;
    }
    tableLine = 0;
    if (line.startsWith('- ')) {
      endParagraph();
      items.B.push(line.slice(2));
    } else if (line.trim() === '') {
      endParagraph();
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  return items;
}

interface Row {
  id: string;
  section: number;
  kind: Kind;
  index: number;
  cells: string[];
}

const ROW_ID = /^(\d+)\.([TBP])(\d+)[a-z]?$/;

function tableRows(lines: string[]): Row[] {
  return lines
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, line.lastIndexOf('|'))
        .split('|')
        .map((cell) => cell.trim()),
    )
    .flatMap((cells) => {
      const match = ROW_ID.exec(cells[0]);
      if (!match) return [];
      return [
        {
          id: cells[0],
          section: Number(match[1]),
          kind: match[2] as Kind,
          index: Number(match[3]),
          cells,
        },
      ];
    });
}

/** Backticked repository paths in a cell: `src/lib/x.ts`, `tests/e2e/` (not `api_cache:`). */
function pathsIn(cell: string): string[] {
  return [...cell.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1])
    .filter(
      (text) =>
        /^(src|server|contract|sw|tests|public|docs|bench)\//.test(text) ||
        /^[\w-]+\.(json|ts|html|webmanifest)$/.test(text),
    );
}

const spec = existsSync(specPath) ? readFileSync(specPath, 'utf8') : null;
const table = readFileSync(tablePath, 'utf8');
const specSections = spec ? splitSections(spec, /^## (\d+)\. /) : new Map<number, string[]>();
const tableSections = splitSections(table, /^## Section (\d+)\b/);
const SECTIONS = [2, 3, 4, 5, 6, 7, 8, 9];

describe('reading SPEC.md', () => {
  it('counts table rows, bullets and paragraphs, but not lead-ins or sub-headings', () => {
    const lines = [
      'Intro paragraph,',
      'continued.',
      '',
      '| Route | Purpose |',
      '|---|---|',
      '| / | home |',
      '| /x | x |',
      '',
      'Behaviour:',
      '- first rule',
      '- second rule',
      '',
      '**Auth**',
      '- third rule',
      '**Drafts**: POST /api/drafts.',
    ];
    expect(specItems(lines)).toEqual({
      T: ['| / | home |', '| /x | x |'],
      B: ['first rule', 'second rule', 'third rule'],
      P: ['Intro paragraph, continued.', '**Drafts**: POST /api/drafts.'],
    });
  });
});

describe('docs/spec-coverage.md', () => {
  it('finds SPEC.md beside the repository', () => {
    expect(spec, `expected SPEC.md at ${specPath}`).not.toBeNull();
    for (const section of SECTIONS) expect(specSections.has(section)).toBe(true);
  });

  it.each(SECTIONS)('has one row or more for every item of section %i, and none extra', (n) => {
    const items = specItems(specSections.get(n) ?? []);
    const rows = tableRows(tableSections.get(n) ?? []);
    const problems: string[] = [];
    for (const kind of Object.keys(KIND_NAMES) as Kind[]) {
      const covered = new Set(rows.filter((row) => row.kind === kind).map((row) => row.index));
      items[kind].forEach((text, offset) => {
        if (!covered.has(offset + 1)) {
          problems.push(
            `missing ${n}.${kind}${offset + 1} (${KIND_NAMES[kind]}: ${text.slice(0, 80)})`,
          );
        }
      });
      for (const index of covered) {
        if (index > items[kind].length) {
          problems.push(`${n}.${kind}${index} names a ${KIND_NAMES[kind]} SPEC.md no longer has`);
        }
      }
    }
    for (const row of rows) {
      if (row.section !== n) problems.push(`${row.id} sits under section ${n}`);
    }
    expect(problems).toEqual([]);
  });

  it('leaves no cell blank and repeats no id', () => {
    const rows = SECTIONS.flatMap((n) => tableRows(tableSections.get(n) ?? []));
    expect(rows.filter((row) => row.cells.length !== 4 || row.cells.some((cell) => !cell))).toEqual(
      [],
    );
    const ids = rows.map((row) => row.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('names only code and test paths that exist', () => {
    const rows = SECTIONS.flatMap((n) => tableRows(tableSections.get(n) ?? []));
    const named = rows.flatMap((row) => [row.cells[2], row.cells[3]].flatMap(pathsIn));
    expect(named.length).toBeGreaterThan(100);
    expect([...new Set(named)].filter((name) => !existsSync(path.join(root, name)))).toEqual([]);
  });
});
