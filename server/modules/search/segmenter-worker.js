// The server's segmenter thread (segmenter-thread.ts): jieba's dictionary is built here, and
// every note is cut here, so that neither holds the thread that answers requests; so are the
// queries no search thread cuts (a note's related notes; an index without those threads).
// Plain JavaScript, as read-worker.js and for the same reason. Not lowered in priority, as the
// search threads are: a note's write waits for its cut with SQLite's one connection held.
import { indexText, loadJieba, queryWords } from './jieba-text.js';

// Built as the thread starts, before its first task: some 185 ms, on this thread alone.
const jieba = loadJieba();

/**
 * @param {import('./segmenter-thread.ts').SegmenterTask} task
 */
export default function cut(task) {
  switch (task.kind) {
    case 'query':
      return queryWords(jieba, task.text);
    case 'note':
      return indexText(jieba, task.parts);
    case 'ready':
      return null;
    default:
      throw new Error(`unknown task ${task.kind}`);
  }
}
