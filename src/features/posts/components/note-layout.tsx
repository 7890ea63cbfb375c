import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Post } from '../../../../contract/post';
import { Avatar } from '../../../components/avatar';
import { ImageViewer } from './image-viewer';
import styles from './post-detail.module.css';

export interface NoteLayoutProps {
  post: Pick<Post, 'title' | 'images' | 'author'>;
  /** Beside the author's name (关注). */
  authorAction?: ReactNode;
  /** The panel under the author bar. */
  children: ReactNode;
  /** Inside the article after the panel (the delete dialog). */
  after?: ReactNode;
}

/**
 * The note page's frame: the images beside the panel from 1024 px and above it on phones, the
 * author at the top of the panel.
 */
export function NoteLayout({ post, authorAction, children, after }: NoteLayoutProps) {
  return (
    <article
      className={post.images.length > 0 ? styles.layout : `${styles.layout} ${styles.textOnly}`}
    >
      {post.images.length > 0 && (
        <div className={styles.media}>
          <ImageViewer images={post.images} title={post.title} />
        </div>
      )}
      <div className={styles.panel}>
        <header className={styles.authorBar}>
          <Link to={`/profile/${post.author.id}`} className={styles.author}>
            <Avatar src={post.author.avatar} alt="" size={40} />
            <span className={styles.authorName}>{post.author.username}</span>
          </Link>
          {authorAction}
        </header>
        {children}
      </div>
      {after}
    </article>
  );
}
