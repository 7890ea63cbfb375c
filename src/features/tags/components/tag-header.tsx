import { Hash } from 'lucide-react';
import type { TagSort, TagSummary } from '../../../../contract/community';
import { formatCount } from '../../../lib/format';
import { tagTexts } from '../texts';
import { TagFollowButton } from './tag-follow-button';
import styles from './tag-header.module.css';

export interface TagHeaderProps {
  name: string;
  /** Null while the first page is on its way. */
  summary: TagSummary | null;
  total: number | undefined;
  sort: TagSort;
  onSortChange: (sort: TagSort) => void;
  onFollowChange: (state: { isFollowing: boolean; followersCount: number }) => void;
}

const SORTS: { value: TagSort; label: string }[] = [
  { value: 'newest', label: tagTexts.newest },
  { value: 'popular', label: tagTexts.popular },
];

/** The tag's name, its counts, the follow button and 最新 / 最热. */
export function TagHeader({
  name,
  summary,
  total,
  sort,
  onSortChange,
  onFollowChange,
}: TagHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <span className={styles.icon} aria-hidden>
          <Hash size={24} />
        </span>
        <div className={styles.titles}>
          <h1 className={styles.name}>{tagTexts.heading(name)}</h1>
          <p className={styles.counts} aria-live="polite">
            {summary && total !== undefined
              ? tagTexts.counts(formatCount(total), formatCount(summary.followersCount))
              : '\u00a0'}
          </p>
        </div>
        {summary && (
          <TagFollowButton
            name={name}
            isFollowing={summary.isFollowing}
            onChange={onFollowChange}
          />
        )}
      </div>
      <div className={styles.sorts} role="group" aria-label={tagTexts.sortLabel}>
        {SORTS.map((item) => (
          <button
            key={item.value}
            type="button"
            className={item.value === sort ? `${styles.sort} ${styles.active}` : styles.sort}
            aria-pressed={item.value === sort}
            onClick={() => onSortChange(item.value)}
          >
            {item.label}
          </button>
        ))}
      </div>
    </header>
  );
}
