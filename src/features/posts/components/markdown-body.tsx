import { memo } from 'react';
import { renderMarkdown } from '../markdown';
import styles from './markdown-body.module.css';

/** A note's body. The HTML comes from renderMarkdown, which lets no script through. */
export const MarkdownBody = memo(function MarkdownBody({ source }: { source: string }) {
  return (
    <div className={styles.body} dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }} />
  );
});
