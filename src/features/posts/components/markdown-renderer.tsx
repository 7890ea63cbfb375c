import { useEffect, useMemo, useState } from 'react';
import { hasCodeBlock, renderMarkdown } from '../markdown';
import type { Highlight } from '../markdown';
import styles from './markdown-body.module.css';

/** The highlighter once loaded, so later bodies render highlighted at once. */
let loadedHighlight: Highlight | undefined;

/**
 * A note body rendered in the browser (a note opened within the app, the editor's preview):
 * markdown-it, and highlight.js for bodies with code blocks, load with this module rather than
 * with the note page. The HTML comes from renderMarkdown, which lets no script through.
 */
export default function MarkdownRenderer({ source }: { source: string }) {
  const [highlight, setHighlight] = useState(() => loadedHighlight);
  const needsHighlight = !highlight && hasCodeBlock(source);

  useEffect(() => {
    if (!needsHighlight) return;
    let current = true;
    void import('../highlight').then(({ highlightCode }) => {
      loadedHighlight = highlightCode;
      if (current) setHighlight(() => highlightCode);
    });
    return () => {
      current = false;
    };
  }, [needsHighlight]);

  const html = useMemo(() => renderMarkdown(source, highlight), [source, highlight]);
  return <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />;
}
