import type { PostStatus } from '../../../../contract/post';
import { postTexts } from '../texts';
import styles from './status-badge.module.css';

const LABELS: Record<PostStatus, string> = {
  pending: postTexts.statusPending,
  rejected: postTexts.statusRejected,
  approved: postTexts.statusApproved,
};

/** 待审核 / 已拒绝 on a note the author sees; nothing for a published note unless asked. */
export function StatusBadge({
  status,
  showApproved,
}: {
  status: PostStatus;
  showApproved?: boolean;
}) {
  if (status === 'approved' && !showApproved) return null;
  return <span className={`${styles.badge} ${styles[status]}`}>{LABELS[status]}</span>;
}
