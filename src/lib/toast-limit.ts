import { useEffect } from 'react';
import toast, { useToasterStore } from 'react-hot-toast';
import { TOAST_LIMIT } from './constants';

/**
 * "at most 3", "stack threshold 3": react-hot-toast keeps up to 20, so the oldest visible
 * toasts beyond three are dismissed (newest first in its list).
 */
export function useToastLimit(limit = TOAST_LIMIT): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(limit)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts, limit]);
}
