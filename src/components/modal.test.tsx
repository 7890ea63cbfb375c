import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { beforeAll, describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>打开</button>
      <button>别处</button>
      <Modal open={open} onClose={() => setOpen(false)} title="登录">
        <input aria-label="用户名" />
        <button>登录</button>
      </Modal>
    </>
  );
}

/** The harness with its dialog opened from its button, which holds the focus first. */
async function openDialog() {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: '打开' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: await screen.findByRole('dialog', { name: '登录' }) };
}

describe('Modal', () => {
  // The dialog's animated layer is a lazy chunk. Loading it here, as a page that has already
  // loaded it would, keeps its first transform (slow on a busy machine) out of
  // findByRole's one-second wait.
  beforeAll(() => import('./modal-layer'));

  it('focuses its first field, traps Tab, closes on Escape and gives focus back', async () => {
    const { opener, dialog } = await openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    const field = screen.getByLabelText('用户名');
    expect(document.activeElement).toBe(field);

    const submit = screen.getByRole('button', { name: '登录' });
    submit.focus();
    fireEvent.keyDown(submit, { key: 'Tab' });
    // The close button comes first in the dialog, so Tab from the last wraps to it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '关闭' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('while it fades out, lets clicks through and leaves focus put elsewhere where it is', async () => {
    const { dialog } = await openDialog();
    // Faded in: the animation's code has loaded, so the fade-out takes its 200 ms too.
    await waitFor(() => expect(dialog.style.opacity).toBe('1'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    // Still in the page, fading out: its layer over the page takes no pointer.
    expect(dialog.isConnected).toBe(true);
    expect(dialog.parentElement?.className).toMatch(/leaving/);
    const elsewhere = screen.getByRole('button', { name: '别处' });
    elsewhere.focus();
    // The focus the dialog gives back when it ends is given in React's commit, and React puts
    // back the focus that was elsewhere before it.
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(document.activeElement).toBe(elsewhere);
  });

  it('is drawn by the server open and shown, when in place; a portalled one is left to the browser', async () => {
    // As the server's renderer does (src/entry-server.tsx): it waits for the dialog's code.
    const serverHtml = async (element: ReactNode) =>
      new Response((await prerender(element)).prelude).text();
    const page = (inPlace: boolean) =>
      serverHtml(
        <Modal open onClose={() => undefined} title="登录" inPlace={inPlace}>
          <input aria-label="用户名" />
        </Modal>,
      );
    const html = await page(true);
    expect(html).toMatch(/role="dialog"/);
    expect(html).toContain('用户名');
    // Not the first frame of a fade-in that only the browser could play.
    expect(html).not.toMatch(/opacity:0/);
    expect(await page(false)).toBe('');
  });
});
