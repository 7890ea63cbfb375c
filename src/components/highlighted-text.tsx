import type { ReactNode } from 'react';
import type { TextRange } from '../../contract/post';
import styles from './highlighted-text.module.css';

/**
 * Plain text with some ranges wrapped in <mark>. The text stays a text node (React escapes
 * it), so a note's title or excerpt can never become markup however it is written; ranges
 * that overlap, run backwards or fall outside the text are skipped.
 */
export function HighlightedText({ text, ranges }: { text: string; ranges?: TextRange[] }) {
  if (!ranges || ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className={styles.mark}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
