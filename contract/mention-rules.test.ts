import { describe, expect, it } from 'vitest';
import { findMentions, mentionBeforeCaret, mentionedNames, withoutCode } from './mention-rules.ts';

describe('where a mention begins and ends', () => {
  it.each([
    ['@林深见鹿 你好', ['林深见鹿']],
    ['感谢@代码诗人，受益匪浅', ['代码诗人']],
    ['(@阿明)和「@小红」', ['阿明', '小红']],
    ['@alice_01!', ['alice_01']],
    ['@阿明@小红', ['阿明', '小红']],
    ['first line\n@周末咖啡', ['周末咖啡']],
    // Straight after more Chinese the whole run is the name (as on other Chinese sites).
    ['@林深见鹿的分享', ['林深见鹿的分享']],
    // Full-width letters, emoji and full-width @ end or make no name.
    ['@阿明ａｂ', ['阿明']],
    ['＠阿明', []],
    ['@阿明😀', ['阿明']],
    ['me@example.com', []],
    ['a_@阿明', []],
    ['@a', []],
    [`@${'长'.repeat(21)}`, []],
    [`@${'长'.repeat(20)}`, ['长'.repeat(20)]],
    ['@ 阿明', []],
  ])('%s', (text, names) => {
    expect(mentionedNames(text)).toEqual(names);
  });

  it('gives the offsets of each mention', () => {
    expect(findMentions('你好@阿明，再见')).toEqual([{ start: 2, end: 5, username: '阿明' }]);
  });

  it('names each person once, in order', () => {
    expect(mentionedNames('@阿明 @小红 @阿明')).toEqual(['阿明', '小红']);
  });

  it('ignores mentions in code', () => {
    const text = '看 `@阿明` 和\n```\n@小红\n```\n@老王';
    expect(mentionedNames(withoutCode(text))).toEqual(['老王']);
  });

  it('finds the name being typed before the caret', () => {
    expect(mentionBeforeCaret('你好 @林深', 6)).toEqual({ start: 3, prefix: '林深' });
    expect(mentionBeforeCaret('你好 @', 4)).toEqual({ start: 3, prefix: '' });
    expect(mentionBeforeCaret('me@exa', 6)).toBeNull();
    expect(mentionBeforeCaret('@阿明 说', 5)).toBeNull();
  });
});
