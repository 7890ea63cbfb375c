import { NOTIFICATION_KINDS } from '../../../../contract/settings-rules';
import type { NotificationPreferences as Preferences } from '../../../../contract/settings';
import type { NotificationKind } from '../../../../contract/settings-rules';
import { updateSettings } from '../api/account';
import { settingsTexts } from '../texts';
import { useSavedSwitches } from '../hooks/use-saved-switches';
import { KindSwitches } from './switch-row';

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
    <KindSwitches
      kinds={NOTIFICATION_KINDS}
      idPrefix="notify"
      texts={texts.kinds}
      shown={shown}
      saving={saving}
      onFlip={(kind) => void flip(kind)}
    />
  );
}
