import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadJieba } from './jieba-text.js';
import type * as JiebaText from './jieba-text.js';
import { createSegmenterThread } from './segmenter-thread.ts';
import {
  indexText,
  indexTextOffThread,
  parseSearch,
  parseSearchOffThread,
  segmenterThreadReady,
} from './segmenter.ts';

// This thread's jieba, counted; the segmenter thread imports the module itself, unmocked.
vi.mock('./jieba-text.js', async (importOriginal) => {
  const original = await importOriginal<typeof JiebaText>();
  return { ...original, loadJieba: vi.fn(original.loadJieba) };
});

const NOTE = {
  title: '夜景摄影的构图技巧',
  tags: ['摄影', 'Node.js'],
  content: '如何用AI助手提高编程效率，机器学习模型的部署与监控。南京市长江大桥'.repeat(40),
};
const QUERIES = ['摄影 夜景', '如何用 AI 助手提高编程效率', '"单元测试" 前端框架', '色'];

describe('the segmenter thread', () => {
  const thread = createSegmenterThread();
  afterAll(() => thread.close());

  it('builds jieba on its own thread: the thread that answers requests builds none', async () => {
    await segmenterThreadReady();
    const parsed = await Promise.all(QUERIES.map((query) => parseSearchOffThread(query)));
    const note = await indexTextOffThread(NOTE);
    expect(loadJieba).not.toHaveBeenCalled();

    // The same words as jieba on this thread.
    expect(parsed).toEqual(QUERIES.map((query) => parseSearch(query)));
    expect(note).toEqual(indexText(NOTE));
    expect(loadJieba).toHaveBeenCalledTimes(1);
    expect(parsed[0].optional.map((term) => term.tokens[0])).toEqual(['摄影', '夜景']);
  });

  it('answers what it is asked in the order asked, a note beside queries', async () => {
    const [words, note, more] = await Promise.all([
      thread.queryWords('夜景摄影 模型'),
      thread.indexText({ title: '标题', tags: [], content: '长江大桥' }),
      thread.queryWords('Node.js，南京市长江大桥'),
    ]);
    expect(words).toEqual(['夜景', '摄影', '模型']);
    expect(note.chars).toBe('标 题 长 江 大 桥');
    expect(more).toEqual(['node', 'js', '南京市', '长江大桥']);
  });

  it('ends after a rest, and cuts the next text on a new thread', async () => {
    const resting = createSegmenterThread(100);
    try {
      expect(resting.alive).toBe(0);
      expect(await resting.queryWords('夜景摄影')).toEqual(['夜景', '摄影']);
      expect(resting.alive).toBe(1);
      await vi.waitFor(() => expect(resting.alive).toBe(0), { timeout: 5_000 });
      expect(await resting.queryWords('夜景摄影')).toEqual(['夜景', '摄影']);
    } finally {
      await resting.close();
    }
  });
});
