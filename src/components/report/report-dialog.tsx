import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { REPORT_DETAIL_MAX, REPORT_REASONS } from '../../../contract/report';
import type { ReportTargetType } from '../../../contract/report';
import { Button } from '../button';
import { Modal } from '../modal';
import { notify } from '../../lib/notify';
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
  const [detail, setDetail] = useState('');
  const [busy, setBusy] = useState(false);

  function close() {
    setReason(REPORT_REASONS[0]);
    setDetail('');
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await createReport({ targetType, targetId, reason, detail: detail.trim() || null });
      notify.success(reportTexts.sent);
      close();
    } catch (error) {
      notify.failure(error, reportTexts.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={close} title={reportTexts.actionLabel[targetType]} width={440}>
      <form onSubmit={(event) => void submit(event)} className={styles.form}>
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
        <label htmlFor={`${id}-detail`} className={styles.label}>
          {reportTexts.detailLabel}
        </label>
        <textarea
          id={`${id}-detail`}
          className={styles.input}
          rows={3}
          value={detail}
          maxLength={REPORT_DETAIL_MAX}
          placeholder={reportTexts.detailPlaceholder}
          aria-describedby={`${id}-count`}
          onChange={(event) => setDetail(event.target.value)}
        />
        <p id={`${id}-count`} className={styles.hint}>
          {detail.length}/{REPORT_DETAIL_MAX}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close}>
            {reportTexts.cancel}
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            {reportTexts.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
