import type { Jieba } from '@node-rs/jieba';

/**
 * One thing to look for in one column of the index: a phrase of consecutive tokens (a single
 * token is a one-token phrase).
 */
export interface SearchTerm {
  column: 'words' | 'chars';
  tokens: string[];
}

/**
 * A parsed query. A note matches when it holds every `required` term and at least one of the
 * `optional` ones; the more optional terms it holds, the higher it ranks.
 */
export interface SearchQuery {
  /** Quoted phrases ("单元测试" or “单元测试”): each must appear as written. */
  required: SearchTerm[];
  /** The query's other words. */
  optional: SearchTerm[];
}

export const MAX_QUERY_WORDS: number;
export function oneSpaced(text: string): string;
export function quotedPhrases(query: string): { required: SearchTerm[]; rest: string };
export function searchQueryOf(required: SearchTerm[], words: string[]): SearchQuery;
export function wholeWords(query: SearchQuery): string[] | null;
export function cutSearch(jieba: Jieba, text: string): SearchQuery;
export function cutOnThisThread(text: string): { query: SearchQuery; words: string[] | null };
export function asksNothing(query: SearchQuery): boolean;
