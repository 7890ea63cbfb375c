// What jieba makes of a note or a query, given a jieba: segmenter.ts calls it with a jieba of
// its own thread (scripts, tests, the bench), segmenter-worker.js with the one of the server's
// segmenter thread. Plain JavaScript so that the worker runs it without the TypeScript loader.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * jieba with its dictionary, from dict.txt read directly so that the buffer can be dropped once
 * the trie is built (`@node-rs/jieba/dict` would keep it, and the 6 MB IDF table read beside it,
 * for the life of the process). The trie holds some 40 MiB and takes some 185 ms to build.
 *
 * The native module is loaded here, by the first thread that cuts text, not when this file is
 * imported: its allocator reads its options when it loads, and the server sets them before its
 * first search thread starts (server/lib/native-allocator.ts); imported by the thread that
 * answers requests, it loaded there first, before any option was set.
 * @returns {import('@node-rs/jieba').Jieba}
 */
export function loadJieba() {
  /** @type {typeof import('@node-rs/jieba')} */
  const { Jieba } = require('@node-rs/jieba');
  return Jieba.withDict(readFileSync(require.resolve('@node-rs/jieba/dict.txt')));
}

/** A run of CJK ideographs, or a run of other letters/digits (Latin words, numbers). */
const CHUNK = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;
const HAN = /\p{Script=Han}/u;

/**
 * One token per ideograph, one per Latin word or number, in text order, lowercased.
 * @param {string} text
 */
export function charTokens(text) {
  const tokens = [];
  for (const [chunk] of text.toLowerCase().matchAll(CHUNK)) {
    if (HAN.test(chunk)) tokens.push(...chunk);
    else tokens.push(chunk);
  }
  return tokens;
}

/**
 * jieba's search-mode words, lowercased, punctuation and spaces dropped.
 * @param {Jieba} jieba
 * @param {string} text
 */
export function wordTokens(jieba, text) {
  const tokens = [];
  for (const word of jieba.cutForSearch(text.toLowerCase(), true)) {
    // jieba keeps "c++" or "node.js" whole; the index splits on anything but letters/digits.
    for (const [part] of word.matchAll(CHUNK)) tokens.push(part);
  }
  return tokens;
}

/**
 * jieba's precise words of a query (no overlapping sub-words), lowercased, punctuation dropped,
 * each once.
 * @param {Jieba} jieba
 * @param {string} text
 */
export function queryWords(jieba, text) {
  const words = [];
  for (const word of jieba.cut(text.toLowerCase(), true)) {
    for (const [part] of word.matchAll(CHUNK)) words.push(part);
  }
  return [...new Set(words)];
}

/** Times a title or tag word counts towards relevance, against once for the body. */
const HEADLINE_BOOST = 3;

/**
 * A note's two index columns (see `IndexText` in segmenter.ts), each one string: a string
 * crosses between threads as one copy, where an array of 10 000 tokens is an object each.
 * @param {Jieba} jieba
 * @param {{ title: string, tags: string[], content: string }} parts
 */
export function indexText(jieba, parts) {
  const headline = [parts.title, ...parts.tags].join('\n');
  const text = [headline, parts.content].join('\n');
  const words = [...Array(HEADLINE_BOOST).fill(headline), parts.content].join('\n');
  return { words: wordTokens(jieba, words).join(' '), chars: charTokens(text).join(' ') };
}
