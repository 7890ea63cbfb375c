import { lazy, memo, Suspense } from 'react';
import styles from './markdown-body.module.css';

const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

/**
 * A note's body. `rendered` is the HTML the server rendered it to for this page (see
 * rendered-body.ts): the browser shows it as it is and loads no Markdown parser. Without it the
 * body is rendered here, once the renderer's chunk has arrived.
 */
export const MarkdownBody = memo(function MarkdownBody({
  source,
  rendered,
}: {
  source: string;
  rendered?: string;
}) {
  if (rendered !== undefined) {
    return <div className={styles.body} dangerouslySetInnerHTML={{ __html: rendered }} />;
  }
  return (
    <Suspense fallback={<div className={styles.body} />}>
      <MarkdownRenderer source={source} />
    </Suspense>
  );
});
