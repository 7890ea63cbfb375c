import { fireEvent } from '@testing-library/react';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { hydrateAfterTyping, submitForm } from '../../tests/helpers/server-drawn';
import { TextField } from '../components/text-field';
import { useTypedBeforeHydration } from './typed-before-hydration';

/** A sign-in form as the server draws it in the login dialog: two controlled fields. */
function SignIn({ onSubmit }: { onSubmit: (account: string, password: string) => void }) {
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(account, password);
  };
  return (
    <form onSubmit={submit}>
      <TextField
        label="账号"
        value={account}
        onChange={(event) => setAccount(event.target.value)}
      />
      <TextField
        label="密码"
        type="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
    </form>
  );
}

/** A comment box as the server draws it under a note for a signed-in reader. */
function CommentBox({ onSubmit }: { onSubmit: (content: string) => void }) {
  const [content, setContent] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeHydration(box);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(content);
      }}
    >
      <textarea ref={box} value={content} onChange={(event) => setContent(event.target.value)} />
    </form>
  );
}

describe('typed before hydration', () => {
  it('hands what was typed into server-drawn fields to their state once the page is live', async () => {
    const submitted: string[][] = [];
    await hydrateAfterTyping(
      <SignIn onSubmit={() => undefined} />,
      (container) => {
        const [account, password] = container.querySelectorAll('input');
        account.value = 'linshen';
        password.value = 'secret-12';
      },
      <SignIn onSubmit={(...values) => submitted.push(values)} />,
      async (container) => {
        await submitForm(container);
        // Typing once the page is live goes on as usual.
        fireEvent.change(container.querySelector('input')!, { target: { value: 'linshen2' } });
        await submitForm(container);
      },
    );
    expect(submitted).toEqual([
      ['linshen', 'secret-12'],
      ['linshen2', 'secret-12'],
    ]);
  });

  it('leaves a field alone when nothing was typed before the page went live', async () => {
    const submitted: string[][] = [];
    await hydrateAfterTyping(
      <SignIn onSubmit={() => undefined} />,
      () => undefined,
      <SignIn onSubmit={(...values) => submitted.push(values)} />,
    );
    expect(submitted).toEqual([['', '']]);
  });

  it('hands what was typed into a server-drawn comment box to its state', async () => {
    const submitted: string[] = [];
    await hydrateAfterTyping(
      <CommentBox onSubmit={() => undefined} />,
      (container) => {
        container.querySelector('textarea')!.value = '写得真好';
      },
      <CommentBox onSubmit={(content) => submitted.push(content)} />,
    );
    expect(submitted).toEqual(['写得真好']);
  });
});
