import styles from './post-detail-skeleton.module.css';

/** The note page's shape while the note loads. */
export function PostDetailSkeleton() {
  return (
    <div className={styles.layout} aria-busy="true">
      <div className={styles.media} />
      <div className={styles.panel}>
        <div className={styles.author}>
          <span className={styles.avatar} />
          <span className={`${styles.line} ${styles.name}`} />
        </div>
        <span className={`${styles.line} ${styles.title}`} />
        <span className={styles.line} />
        <span className={styles.line} />
        <span className={`${styles.line} ${styles.short}`} />
      </div>
    </div>
  );
}
