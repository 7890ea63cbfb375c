import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import useSWR from 'swr';
import { fillText } from '../../../../contract/page-messages';
import { Button } from '../../../components/button';
import { notify } from '../../../lib/notify';
import { getWords, saveWords } from '../api/admin-words';
import { adminTexts } from '../texts';
import styles from '../../../components/form-layout.module.css';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The sensitive-word list as one word per line, saved as a whole. */
export function WordEditor() {
  const id = useId();
  const { data, error, mutate } = useSWR('admin-words', getWords, { revalidateOnFocus: false });
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (data && text === null) setText(data.words.join('\n'));
  }, [data, text]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await saveWords(linesOf(text ?? ''));
      setText(saved.words.join('\n'));
      await mutate(saved, { revalidate: false });
      notify.success(adminTexts.wordsSaved);
    } catch (failure) {
      notify.failure(failure);
    } finally {
      setBusy(false);
    }
  }

  if (error && !data) {
    return (
      <div role="alert">
        <p>{error instanceof Error ? error.message : adminTexts.loadFailed}</p>
        <Button variant="secondary" onClick={() => void mutate()}>
          {adminTexts.retry}
        </Button>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className={styles.label}>
        {adminTexts.wordsLabel}
      </label>
      <textarea
        id={id}
        className={styles.input}
        rows={16}
        value={text ?? ''}
        disabled={text === null}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {fillText(adminTexts.wordsHint, { count: linesOf(text ?? '').length })}
      </p>
      <div className={styles.actions}>
        <Button type="submit" loading={busy} disabled={text === null}>
          {adminTexts.wordsSave}
        </Button>
      </div>
    </form>
  );
}
