import { useId, useState } from 'react';
import { REPORT_DETAIL_MAX, REPORT_REASONS } from '../../../contract/report-rules';
import type { ReportTargetType } from '../../../contract/report-rules';
import { notify } from '../../lib/notify';
import { ReasonDialog } from '../reason-dialog';
import { createReport } from './create-report';
import { reportTexts } from './texts';
import styles from './report-dialog.module.css';

export interface ReportDialogProps {
  open: boolean;
  targetType: ReportTargetType;
  targetId: string;
  onClose: () => void;
}

type Reason = (typeof REPORT_REASONS)[number];

/** Picks a reason (radio group) and an optional note, then files the report. */
export function ReportDialog({ open, targetType, targetId, onClose }: ReportDialogProps) {
  const id = useId();
  const [reason, setReason] = useState<Reason>(REPORT_REASONS[0]);

  async function submit(detail: string): Promise<boolean> {
    try {
      await createReport({ targetType, targetId, reason, detail: detail || null });
      notify.success(reportTexts.sent);
      return true;
    } catch (error) {
      notify.failure(error, reportTexts.failed);
      return false;
    }
  }

  return (
    <ReasonDialog
      open={open}
      title={reportTexts.actionLabel[targetType]}
      label={reportTexts.detailLabel}
      placeholder={reportTexts.detailPlaceholder}
      maxLength={REPORT_DETAIL_MAX}
      confirmLabel={reportTexts.submit}
      onClose={() => {
        setReason(REPORT_REASONS[0]);
        onClose();
      }}
      onConfirm={submit}
    >
      <fieldset className={styles.reasons}>
        <legend className={styles.legend}>{reportTexts.reasonLegend}</legend>
        {REPORT_REASONS.map((option) => (
          <label key={option} className={styles.reason}>
            <input
              type="radio"
              name={`${id}-reason`}
              value={option}
              checked={reason === option}
              onChange={() => setReason(option)}
            />
            {option}
          </label>
        ))}
      </fieldset>
    </ReasonDialog>
  );
}
