import { NOTIFICATION_KINDS } from '../../../../contract/settings-rules';
import type { NotificationPreferences as Preferences } from '../../../../contract/settings';
import type { NotificationKind } from '../../../../contract/settings-rules';
import { updateSettings } from '../api/account';
import { settingsTexts } from '../texts';
import { useSavedSwitches } from '../hooks/use-saved-switches';
import styles from './preferences.module.css';
import { SwitchRow } from './switch-row';

const texts = settingsTexts.notifications;

export interface NotificationPreferencesProps {
  preferences: Preferences;
  onSaved: (preferences: Preferences) => void;
}

/** One switch per kind of notification, each saved the moment it is flipped. */
export function NotificationPreferences({ preferences, onSaved }: NotificationPreferencesProps) {
  const { shown, saving, flip } = useSavedSwitches<NotificationKind>({
    initial: preferences,
    save: async (kind, next) =>
      (await updateSettings({ notifications: { [kind]: next } })).notifications,
    onSaved,
    savedText: texts.saved,
  });

  return (
    <ul className={styles.list}>
      {NOTIFICATION_KINDS.map((kind) => (
        <SwitchRow
          key={kind}
          id={`notify-${kind}`}
          label={texts.kinds[kind].label}
          hint={texts.kinds[kind].hint}
          checked={shown[kind]}
          busy={saving === kind}
          onFlip={() => void flip(kind)}
        />
      ))}
    </ul>
  );
}
