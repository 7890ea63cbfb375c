import type { Token } from 'markdown-it';
import { createMarkdownParser } from '../../shared/markdown/parser.ts';

/** The page's own parser (no highlighter: highlighting changes the HTML, never the tokens). */
const parser = createMarkdownParser();

/** What markdown-it keeps while it reads (the link references a later parse must see). */
export type NoteEnv = Record<string, unknown>;

/** What markdown-it read from a note: its tokens and the environment (link references) they use. */
export interface ParsedNote {
  tokens: Token[];
  env: NoteEnv;
}

export function parseNote(content: string): ParsedNote {
  const env: NoteEnv = {};
  return { tokens: parser.parse(content, env), env };
}

/** A paragraph's inline Markdown read as the note reads it (same link references). */
export function parseInline(text: string, env: NoteEnv): Token[] {
  return parser.parseInline(text, env)[0]?.children ?? [];
}

/** A top-level block: its tokens and the source lines [start, end) it was read from. */
export interface NoteBlock {
  tokens: Token[];
  start: number;
  end: number;
}

/** The note's top-level blocks in order (a list or a quote is one block with all it holds). */
export function topLevelBlocks(tokens: Token[]): NoteBlock[] {
  const blocks: NoteBlock[] = [];
  let open: Token[] = [];
  for (const token of tokens) {
    open.push(token);
    if (token.level === 0 && token.nesting !== 1) {
      const [first] = open;
      if (first.map) blocks.push({ tokens: open, start: first.map[0], end: first.map[1] });
      open = [];
    }
  }
  return blocks;
}

/** Every token of a block, inline children included. */
export function* allTokens(tokens: Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    if (token.children) yield* allTokens(token.children);
  }
}
