import styles from './editor-skeleton.module.css';

/** The editor's shape while its draft or note loads. */
export function EditorSkeleton() {
  return (
    <div className={styles.editor} aria-busy="true">
      <span className={`${styles.block} ${styles.heading}`} />
      <span className={`${styles.block} ${styles.images}`} />
      <span className={`${styles.block} ${styles.input}`} />
      <span className={`${styles.block} ${styles.textarea}`} />
    </div>
  );
}
