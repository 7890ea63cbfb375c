import { useState } from 'react';
import { fillText } from '../../../../contract/page-messages';
import { MUTE_DAYS_MAX, PEOPLE_REASON_MAX } from '../../../../contract/people';
import { ReasonDialog } from '../../../components/reason-dialog';
import { TextField } from '../../../components/text-field';
import type { PeopleAction } from '../api/admin-people';
import { peopleTexts } from '../people-texts';

export interface RestrictDialogProps {
  action: PeopleAction;
  name: string;
  onClose: () => void;
  /** Resolves true when the server accepted it (the dialog then closes). */
  onConfirm: (body: { reason: string; days?: number }) => Promise<boolean>;
}

/** Asks for the reason (and, for a mute, the days) of a mute, ban or lift. */
export function RestrictDialog({ action, name, onClose, onConfirm }: RestrictDialogProps) {
  const [days, setDays] = useState('7');
  return (
    <ReasonDialog
      open
      title={fillText(peopleTexts.dialogTitle, { action: peopleTexts[action], name })}
      label={peopleTexts.reasonLabel}
      maxLength={PEOPLE_REASON_MAX}
      requiredMessage={peopleTexts.reasonRequired}
      confirmLabel={peopleTexts.confirm}
      confirmVariant={action === 'lift' ? 'primary' : 'danger'}
      onClose={onClose}
      onConfirm={(reason) =>
        onConfirm(action === 'mute' ? { reason, days: Number(days) } : { reason })
      }
    >
      {action === 'mute' && (
        <TextField
          label={peopleTexts.daysLabel}
          type="number"
          inputMode="numeric"
          min={1}
          max={MUTE_DAYS_MAX}
          value={days}
          onChange={(event) => setDays(event.target.value)}
        />
      )}
    </ReasonDialog>
  );
}
