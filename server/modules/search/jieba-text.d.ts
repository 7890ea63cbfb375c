import type { Jieba } from '@node-rs/jieba';

/** What of a note the index holds. */
export interface NoteParts {
  title: string;
  tags: string[];
  content: string;
}

/** A note's two index columns, each one string of space-separated tokens. */
export interface IndexText {
  words: string;
  chars: string;
}

export function loadJieba(): Jieba;
export function charTokens(text: string): string[];
export function wordTokens(jieba: Jieba, text: string): string[];
export function queryWords(jieba: Jieba, text: string): string[];
export function indexText(jieba: Jieba, parts: NoteParts): IndexText;
