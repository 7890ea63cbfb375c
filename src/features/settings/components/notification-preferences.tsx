import { useState } from 'react';
import { NOTIFICATION_KINDS } from '../../../../contract/settings-rules';
import type { NotificationPreferences as Preferences } from '../../../../contract/settings';
import type { NotificationKind } from '../../../../contract/settings-rules';
import { notify } from '../../../lib/notify';
import { updateSettings } from '../api/account';
import { settingsTexts } from '../texts';
import styles from './preferences.module.css';

const texts = settingsTexts.notifications;

export interface NotificationPreferencesProps {
  preferences: Preferences;
  onSaved: (preferences: Preferences) => void;
}

/** One switch per kind of notification, each saved the moment it is flipped. */
export function NotificationPreferences({ preferences, onSaved }: NotificationPreferencesProps) {
  const [shown, setShown] = useState(preferences);
  const [saving, setSaving] = useState<NotificationKind | null>(null);

  async function flip(kind: NotificationKind) {
    const next = !shown[kind];
    setShown((current) => ({ ...current, [kind]: next }));
    setSaving(kind);
    try {
      const saved = await updateSettings({ notifications: { [kind]: next } });
      setShown(saved.notifications);
      onSaved(saved.notifications);
      notify.success(texts.saved);
    } catch (error) {
      setShown((current) => ({ ...current, [kind]: !next }));
      notify.failure(error);
    } finally {
      setSaving(null);
    }
  }

  return (
    <ul className={styles.list}>
      {NOTIFICATION_KINDS.map((kind) => (
        <li key={kind} className={styles.item}>
          <div className={styles.itemText}>
            <span id={`notify-${kind}`} className={styles.itemLabel}>
              {texts.kinds[kind].label}
            </span>
            <span className={styles.itemHint}>{texts.kinds[kind].hint}</span>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={shown[kind]}
            aria-labelledby={`notify-${kind}`}
            aria-busy={saving === kind || undefined}
            disabled={saving === kind}
            className={styles.switch}
            onClick={() => void flip(kind)}
          >
            <span className={styles.knob} />
          </button>
        </li>
      ))}
    </ul>
  );
}
