import { useEffect, useState } from 'react';
import { PUSH_KINDS } from '../../../../contract/push-payload';
import type { PushKind, PushPreferences } from '../../../../contract/push-payload';
import { notify } from '../../../lib/notify';
import { updateSettings } from '../api/account';
import { useSavedSwitches } from '../hooks/use-saved-switches';
import {
  DevicePushError,
  disableDevicePush,
  enableDevicePush,
  readDevicePushState,
} from '../push/device-push';
import type { DevicePushState } from '../push/device-push';
import { settingsTexts } from '../texts';
import styles from './preferences.module.css';
import { KindSwitches, SwitchRow } from './switch-row';

const texts = settingsTexts.push;

export interface PushNotificationsProps {
  preferences: PushPreferences;
  onSaved: (preferences: PushPreferences) => void;
}

/**
 * 推送通知: this device's subscription (the browser asks for permission only when the switch
 * is turned on) and which kinds of news are pushed, to every device of the account.
 */
export default function PushNotifications({ preferences, onSaved }: PushNotificationsProps) {
  const [device, setDevice] = useState<DevicePushState | null>(null);
  const [changingDevice, setChangingDevice] = useState(false);
  const { shown, saving, flip } = useSavedSwitches<PushKind>({
    initial: preferences,
    save: async (kind, next) => (await updateSettings({ push: { [kind]: next } })).push,
    onSaved,
    savedText: texts.saved,
  });

  useEffect(() => {
    let current = true;
    void readDevicePushState().then((state) => current && setDevice(state));
    return () => {
      current = false;
    };
  }, []);

  async function flipDevice() {
    setChangingDevice(true);
    try {
      if (device === 'on') {
        await disableDevicePush();
        setDevice('off');
        notify.success(texts.disabled);
      } else {
        await enableDevicePush(PUSH_KINDS.filter((kind) => shown[kind]));
        setDevice('on');
        notify.success(texts.enabled);
      }
    } catch (error) {
      if (!(error instanceof DevicePushError)) notify.failure(error);
      else if (error.reason === 'unsupported' || error.reason === 'denied') setDevice(error.reason);
      else notify.error(texts.failures[error.reason]);
    } finally {
      setChangingDevice(false);
    }
  }

  const blocked = device === 'unsupported' || device === 'denied';
  return (
    <div className={styles.push}>
      <ul className={styles.list}>
        <SwitchRow
          id="push-device"
          label={texts.device.label}
          hint={device === null ? texts.checking : texts.device.hint}
          checked={device === 'on'}
          busy={changingDevice}
          disabled={device === null || blocked}
          onFlip={() => void flipDevice()}
        />
      </ul>
      {blocked && (
        <p className={styles.notice} role="alert">
          {device === 'unsupported' ? texts.unsupported : texts.denied}
        </p>
      )}
      <h3 className={styles.subTitle}>{texts.kindsTitle}</h3>
      <KindSwitches
        kinds={PUSH_KINDS}
        idPrefix="push"
        texts={texts.kinds}
        shown={shown}
        saving={saving}
        onFlip={(kind) => void flip(kind)}
      />
    </div>
  );
}
