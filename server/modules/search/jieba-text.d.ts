import type { Jieba } from '@node-rs/jieba';

export function loadJieba(): Jieba;
export function charTokens(text: string): string[];
export function wordTokens(jieba: Jieba, text: string): string[];
export function queryWords(jieba: Jieba, text: string): string[];
export function indexText(
  jieba: Jieba,
  parts: { title: string; tags: string[]; content: string },
): { words: string; chars: string };
