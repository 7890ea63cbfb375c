import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api/client';
import { MentionAutocomplete } from './mention-autocomplete';

const people = [
  { id: '2', username: '林深见鹿', avatar: '/images/default_head.png' },
  { id: '3', username: '林间小路', avatar: '/images/default_head.png' },
];

function Box({ onSubmitKey }: { onSubmitKey?: (key: string) => void }) {
  const [value, setValue] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <SWRConfig value={{ provider: () => new Map() }}>
      <textarea
        aria-label="评论"
        ref={ref}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => onSubmitKey?.(event.key)}
      />
      <MentionAutocomplete textareaRef={ref} value={value} onChange={setValue} />
    </SWRConfig>
  );
}

/** Types `text` into the box with the caret at its end, as a person would. */
function type(box: HTMLTextAreaElement, text: string) {
  box.focus();
  fireEvent.change(box, { target: { value: text } });
  box.setSelectionRange(text.length, text.length);
  fireEvent.keyUp(box, { key: text.at(-1) });
}

afterEach(() => vi.restoreAllMocks());

describe('MentionAutocomplete', () => {
  it('asks for names after @ and moves through them with the arrow keys', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ users: people });
    const keys = vi.fn();
    render(<Box onSubmitKey={keys} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: '评论' });
    type(box, '你好 @林');
    const first = await screen.findByRole('option', { name: '林深见鹿' });
    expect(get).toHaveBeenCalledWith('/api/users/mention-suggestions', {
      query: { prefix: '林' },
    });
    expect(screen.getByRole('listbox', { name: '提及用户' })).toBeTruthy();
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(first.id);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const second = screen.getByRole('option', { name: '林间小路' });
    await waitFor(() => expect(second.getAttribute('aria-selected')).toBe('true'));
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    await waitFor(() => expect(first.getAttribute('aria-selected')).toBe('true'));

    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box.value).toBe('你好 @林深见鹿 '));
    expect(screen.queryByRole('listbox')).toBeNull();
    // The page's own key handler (send on Enter) never saw the key the list used.
    expect(keys).not.toHaveBeenCalledWith('Enter');
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('closes on Escape and stays closed for that mention', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ users: people });
    render(<Box />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: '评论' });
    type(box, '@林');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    type(box, '@林深');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('asks nothing for a bare @ or an e-mail address', () => {
    const get = vi.spyOn(api, 'get');
    render(<Box />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: '评论' });
    type(box, '@');
    type(box, 'me@example');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });
});
