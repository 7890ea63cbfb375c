import { act, render, screen } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { useToastLimit } from './toast-limit';

/** What the <Toaster> would show: the visible toasts' messages. */
function VisibleToasts() {
  useToastLimit();
  const { toasts } = useToasterStore();
  return (
    <ul>
      {toasts
        .filter((item) => item.visible)
        .map((item) => (
          <li key={item.id}>{String(item.message)}</li>
        ))}
    </ul>
  );
}

afterEach(() => {
  act(() => toast.remove());
});

describe('useToastLimit', () => {
  it('keeps at most 3 toasts on screen, dropping the oldest', async () => {
    render(<VisibleToasts />);
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast(`提示 ${n}`);
    });
    await screen.findByText('提示 5');
    const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent);
    await act(() => Promise.resolve());
    expect(shown()).toEqual(['提示 5', '提示 4', '提示 3']);
  });
});
