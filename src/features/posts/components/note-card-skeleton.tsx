import styles from './note-card-skeleton.module.css';

/** A grey card shaped like the one on its way. */
export function NoteCardSkeleton({ ratio }: { ratio: number }) {
  return (
    <div className={styles.card} aria-hidden>
      <div className={`${styles.cover} shimmer`} style={{ aspectRatio: `1 / ${ratio}` }} />
      <div className={`${styles.line} shimmer`} />
      <div className={`${styles.line} ${styles.short} shimmer`} />
      <div className={styles.footer}>
        <span className={`${styles.avatar} shimmer`} />
        <span className={`${styles.line} ${styles.name} shimmer`} />
      </div>
    </div>
  );
}
