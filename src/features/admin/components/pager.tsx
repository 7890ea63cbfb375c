import { fillText } from '../../../../contract/page-messages';
import { Button } from '../../../components/button';
import { adminTexts } from '../texts';
import reviewStyles from './review-list.module.css';

export interface PagerProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}

/** Previous and next page of an admin list; nothing when everything fits on one page. */
export function Pager({ page, pages, onPageChange }: PagerProps) {
  if (pages <= 1) return null;
  const label = fillText(adminTexts.pageOf, { page, pages });
  return (
    <nav className={reviewStyles.pager} aria-label={label}>
      <Button
        variant="secondary"
        size="small"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        {adminTexts.previousPage}
      </Button>
      <span>{label}</span>
      <Button
        variant="secondary"
        size="small"
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        {adminTexts.nextPage}
      </Button>
    </nav>
  );
}
