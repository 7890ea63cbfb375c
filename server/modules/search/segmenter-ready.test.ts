import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Jieba } from '@node-rs/jieba';
import { describe, expect, it, vi } from 'vitest';
import { parseSearch, segmenterReady, wordTokens } from './segmenter.ts';

const TEXTS = [
  '如何用AI助手提高编程效率，夜景摄影的构图技巧与数据库索引优化实践',
  '机器学习模型的部署与监控',
  '周末去旅行，拍了很多长曝光的照片',
  '南京市长江大桥',
];

const original = Jieba.prototype.loadDict;

describe('segmenterReady', () => {
  it('loads the dictionary in many turns of the event loop, and cuts as one load would', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    // The turn of the event loop each slice of the dictionary was loaded in.
    const loadedIn: number[] = [];
    const load = vi.spyOn(Jieba.prototype, 'loadDict').mockImplementation(function (
      this: Jieba,
      slice: Uint8Array,
    ) {
      loadedIn.push(turns);
      return original.call(this, slice);
    });
    const ready = segmenterReady();
    expect(segmenterReady()).toBe(ready);
    await ready;
    counting = false;
    load.mockRestore();
    // 5 MB of dictionary in 16 KB slices, each in a turn of its own.
    expect(loadedIn.length).toBeGreaterThan(200);
    expect(new Set(loadedIn).size).toBe(loadedIn.length);

    const whole = Jieba.withDict(
      readFileSync(createRequire(import.meta.url).resolve('@node-rs/jieba/dict.txt')),
    );
    for (const text of TEXTS) {
      expect(wordTokens(text).join(' ')).toBe(
        whole
          .cutForSearch(text.toLowerCase(), true)
          .filter((word) => /[\p{L}\p{N}]/u.test(word))
          .join(' '),
      );
    }
    expect(parseSearch('摄影 夜景').optional.map((term) => term.tokens[0])).toEqual([
      '摄影',
      '夜景',
    ]);
  });
});
