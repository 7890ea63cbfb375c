import type { Category } from '../../../../contract/category';
import type { PostSort } from '../../../../contract/post';
import type { FeedTab } from '../hooks/use-feed';
import { postTexts } from '../texts';
import styles from './feed-tabs.module.css';

export interface FeedTabsProps {
  tab: FeedTab;
  sort: PostSort;
  categories: Category[];
  onTabChange: (tab: FeedTab) => void;
  onSortChange: (sort: PostSort) => void;
}

const SORTS: { value: PostSort; label: string }[] = [
  { value: 'recommended', label: postTexts.sortRecommended },
  { value: 'newest', label: postTexts.sortNewest },
  { value: 'popular', label: postTexts.sortPopular },
];

/** 推荐, 关注 and the categories, with 综合 / 最新 / 最热 beside them. */
export function FeedTabs({ tab, sort, categories, onTabChange, onSortChange }: FeedTabsProps) {
  const tabs = [
    { value: 'all', label: postTexts.tabRecommended },
    { value: 'following', label: postTexts.tabFollowing },
    ...categories.map((category) => ({ value: category.slug, label: category.name })),
  ];
  return (
    <div className={styles.bar}>
      <nav className={styles.tabs} aria-label={postTexts.feedLabel}>
        {tabs.map((item) => (
          <button
            key={item.value}
            type="button"
            className={item.value === tab ? `${styles.tab} ${styles.active}` : styles.tab}
            aria-current={item.value === tab ? 'page' : undefined}
            onClick={() => onTabChange(item.value)}
          >
            {item.label}
          </button>
        ))}
      </nav>
      {tab !== 'following' && (
        <div className={styles.sorts} role="group" aria-label={postTexts.sortLabel}>
          {SORTS.map((item) => (
            <button
              key={item.value}
              type="button"
              className={item.value === sort ? `${styles.sort} ${styles.sortActive}` : styles.sort}
              aria-pressed={item.value === sort}
              onClick={() => onSortChange(item.value)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
