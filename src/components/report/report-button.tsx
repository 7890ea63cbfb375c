import { Flag } from 'lucide-react';
import { useState } from 'react';
import type { ReportTargetType } from '../../../contract/report-rules';
import { reportTexts } from './texts';
import { ReportDialog } from './report-dialog';
import styles from './report-dialog.module.css';

export interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** Look of the surrounding buttons; the small text link by default. */
  className?: string;
}

/** 举报: opens the report dialog for one note, comment, user or message. */
export function ReportButton({ targetType, targetId, className }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className ?? styles.trigger}
        aria-label={reportTexts.actionLabel[targetType]}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Flag size={14} aria-hidden />
        {reportTexts.action}
      </button>
      {open && (
        <ReportDialog
          open={open}
          targetType={targetType}
          targetId={targetId}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
