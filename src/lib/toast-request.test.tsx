import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { markToastRequested, useToastRequested } from './toast-request';

function Shell() {
  return <p>{useToastRequested() ? '提示已加载' : '未加载'}</p>;
}

describe('useToastRequested', () => {
  it('is false until the first toast is raised, then stays true', () => {
    const { container } = render(<Shell />);
    expect(container.textContent).toBe('未加载');
    act(() => markToastRequested());
    expect(container.textContent).toBe('提示已加载');
    act(() => markToastRequested());
    expect(container.textContent).toBe('提示已加载');
  });
});
