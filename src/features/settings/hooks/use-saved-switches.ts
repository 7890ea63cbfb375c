import { useState } from 'react';
import { notify } from '../../../lib/notify';

/**
 * A set of on/off preferences, each saved the moment it is flipped: shown at once, put back if
 * the save fails.
 */
export function useSavedSwitches<K extends string>(options: {
  initial: Record<K, boolean>;
  save: (kind: K, next: boolean) => Promise<Record<K, boolean>>;
  onSaved: (saved: Record<K, boolean>) => void;
  savedText: string;
}) {
  const [shown, setShown] = useState(options.initial);
  const [saving, setSaving] = useState<K | null>(null);

  async function flip(kind: K) {
    const next = !shown[kind];
    setShown((current) => ({ ...current, [kind]: next }));
    setSaving(kind);
    try {
      const saved = await options.save(kind, next);
      setShown(saved);
      options.onSaved(saved);
      notify.success(options.savedText);
    } catch (error) {
      setShown((current) => ({ ...current, [kind]: !next }));
      notify.failure(error);
    } finally {
      setSaving(null);
    }
  }

  return { shown, saving, flip };
}
