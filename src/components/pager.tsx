import { fillText } from '../../contract/page-messages';
import { Button } from './button';
import { listTexts } from './list-texts';
import styles from './pager.module.css';

export interface PagerProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}

/** Previous and next page of a paged list; nothing when everything fits on one page. */
export function Pager({ page, pages, onPageChange }: PagerProps) {
  if (pages <= 1) return null;
  const label = fillText(listTexts.pageOf, { page, pages });
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button
        variant="secondary"
        size="small"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        {listTexts.previousPage}
      </Button>
      <span>{label}</span>
      <Button
        variant="secondary"
        size="small"
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        {listTexts.nextPage}
      </Button>
    </nav>
  );
}
