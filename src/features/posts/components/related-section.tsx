import { lazy, Suspense, useState } from 'react';
import { useInfiniteTrigger } from '../hooks/use-infinite-trigger';
import styles from './related-notes.module.css';

// Its own bundle, fetched with its notes only when the reader nears the end of the note.
const RelatedNotes = lazy(() => import('./related-notes'));

/** Where a note page ends: its related notes, loaded once scrolled near. */
export function RelatedSection({ postId }: { postId: string }) {
  const [near, setNear] = useState(false);
  const sentinel = useInfiniteTrigger(() => setNear(true), !near, 0);
  if (!near) return <div ref={sentinel} className={styles.placeholder} aria-hidden />;
  return (
    <Suspense fallback={<div className={styles.placeholder} aria-hidden />}>
      <RelatedNotes postId={postId} />
    </Suspense>
  );
}
