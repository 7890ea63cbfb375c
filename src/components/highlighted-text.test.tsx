import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedText } from './highlighted-text';

describe('HighlightedText', () => {
  it('wraps the ranges in <mark> and keeps the rest as text', () => {
    const { container } = render(
      <HighlightedText
        text="让 AI 写单元测试"
        ranges={[
          [6, 10],
          [2, 4],
        ]}
      />,
    );
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'AI',
      '单元测试',
    ]);
    expect(container.textContent).toBe('让 AI 写单元测试');
  });

  it('never turns a note text into markup', () => {
    const text = '<img src=x onerror=alert(1)> <b>编程</b>';
    const { container } = render(
      <HighlightedText
        text={text}
        ranges={[
          [0, 4],
          [32, 34],
        ]}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(text);
    expect(container.querySelector('mark')?.textContent).toBe('<img');
  });

  it('skips overlapping, backwards and out-of-range ranges', () => {
    const { container } = render(
      <HighlightedText
        text="摄影技巧"
        ranges={[
          [0, 2],
          [1, 3],
          [3, 2],
          [2, 99],
        ]}
      />,
    );
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      '摄影',
    ]);
    expect(container.textContent).toBe('摄影技巧');
  });
});
