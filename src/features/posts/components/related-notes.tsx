import { getRelatedPosts } from '../api/get-related';
import { usePagedPosts } from '../hooks/use-paged-posts';
import { NoteWaterfall } from './note-waterfall';
import styles from './related-notes.module.css';

// In this bundle rather than postTexts, which the home page loads.
const texts = { heading: '相关笔记' };

/** The related notes under a note: one page, hidden when there are none. */
export default function RelatedNotes({ postId }: { postId: string }) {
  const list = usePagedPosts(['related', postId], async () => ({
    posts: (await getRelatedPosts(postId)).posts,
    page: 1,
    pages: 1,
  }));
  if (!list.isLoading && !list.error && list.posts.length === 0) return null;
  return (
    // The list below is the region, named 相关笔记 by NoteWaterfall: a section here too
    // announced the same name twice.
    <div className={styles.section}>
      <h2 className={styles.heading}>{texts.heading}</h2>
      <NoteWaterfall list={list} label={texts.heading} empty={null} />
    </div>
  );
}
