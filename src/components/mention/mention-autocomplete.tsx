import { lazy, Suspense, useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { mentionBeforeCaret } from '../../../contract/mention-rules';
import styles from './mention-autocomplete.module.css';

// The list and its requests load with the first `@` typed, not with the page.
const MentionListbox = lazy(() => import('./mention-listbox'));

/** Wraps a text box and its suggestions: the list is placed under the box. */
export const mentionAnchorClass = styles.anchor;

export interface MentionAutocompleteProps {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  /** The text with the chosen name put in, and where the caret goes. */
  onChange: (value: string) => void;
}

/**
 * Suggests names while `@名字` is typed in a text box; a chosen name replaces what was typed,
 * followed by a space (which also ends the mention, see contract/mention-rules.ts).
 */
export function MentionAutocomplete({ textareaRef, value, onChange }: MentionAutocompleteProps) {
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    const update = () =>
      setCaret(document.activeElement === textarea ? textarea.selectionStart : null);
    const events = ['input', 'keyup', 'click', 'focus', 'blur'] as const;
    for (const name of events) textarea.addEventListener(name, update);
    return () => {
      for (const name of events) textarea.removeEventListener(name, update);
    };
  }, [textareaRef]);

  const query = caret === null ? null : mentionBeforeCaret(value, caret);
  const textarea = textareaRef.current;
  if (!textarea || !query || query.prefix === '' || query.start === dismissedAt) return null;

  function pick(username: string) {
    if (!textarea || !query || caret === null) return;
    const inserted = `@${username} `;
    const next = value.slice(0, query.start) + inserted + value.slice(caret);
    const place = query.start + inserted.length;
    onChange(next);
    setCaret(place);
    // After React has put the new value in, the caret goes after the name.
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(place, place);
    });
  }

  return (
    <Suspense fallback={null}>
      <MentionListbox
        textarea={textarea}
        prefix={query.prefix}
        onPick={pick}
        onDismiss={() => setDismissedAt(query.start)}
      />
    </Suspense>
  );
}
