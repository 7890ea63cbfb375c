import { memo, useEffect, useMemo, useState } from 'react';
import { hasCodeBlock, renderMarkdown } from '../markdown';
import type { Highlight } from '../markdown';
import styles from './markdown-body.module.css';

/** The highlighter once loaded, so later bodies render highlighted at once. */
let loadedHighlight: Highlight | undefined;

/**
 * A note's body. The HTML comes from renderMarkdown, which lets no script through; the
 * highlighter is fetched only for bodies with code blocks.
 */
export const MarkdownBody = memo(function MarkdownBody({ source }: { source: string }) {
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
});
