import { Toaster } from 'react-hot-toast';
import { toasterSettings } from '../lib/notify';
import { useToastLimit } from '../lib/toast-limit';

/** The toast stack (loaded lazily with react-hot-toast itself, after the first paint). */
export default function Toasts() {
  useToastLimit();
  return (
    <Toaster
      {...toasterSettings}
      toastOptions={{
        ...toasterSettings.toastOptions,
        style: {
          border: '1px solid var(--color-border)',
          background: 'var(--color-surface-raised)',
          color: 'var(--color-text)',
          boxShadow: 'var(--shadow-raised)',
          fontSize: 'var(--text-sm)',
        },
      }}
    />
  );
}
