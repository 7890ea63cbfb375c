import { SendHorizontal } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../../contract/message';
import { messageTexts } from '../texts';
import styles from './messages-panel.module.css';

/** The counter shows once a message gets long. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

export function Composer({ onSend }: { onSend: (content: string) => void }) {
  const [draft, setDraft] = useState('');
  const content = draft.trim();
  const tooLong = draft.length > MESSAGE_MAX_LENGTH;
  const canSend = content.length > 0 && !tooLong;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(content);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an input method is composing picks a candidate; it must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form className={styles.composer} onSubmit={submit}>
      <textarea
        className={styles.input}
        aria-label={messageTexts.inputLabel}
        placeholder={messageTexts.placeholder}
        value={draft}
        rows={2}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.composerBar}>
        {draft.length >= COUNTER_FROM && (
          <span className={tooLong ? `${styles.counter} ${styles.over}` : styles.counter}>
            {messageTexts.counter(draft.length, MESSAGE_MAX_LENGTH)}
          </span>
        )}
        <button type="submit" className={styles.send} disabled={!canSend}>
          <SendHorizontal size={16} aria-hidden="true" />
          {messageTexts.send}
        </button>
      </div>
    </form>
  );
}
