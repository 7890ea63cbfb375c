import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * A server-drawn field (the header's search box, the sign-in dialog, a note's comment box) can
 * be typed into before the scripts run. React keeps the text on screen, but the state behind a
 * controlled field still holds the server's value, so a submit would send that. Once the field
 * is live, what was typed is handed to its onChange as an ordinary input event.
 *
 * React only reports a field whose value differs from the one it last saw: the value is put
 * back to the server's through React's own setter, then set to the typed text with the
 * browser's, the way Testing Library's fireEvent.change does it.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
): void {
  useEffect(() => {
    const node = ref.current;
    if (!node || node.value === node.defaultValue) return;
    const typed = node.value;
    node.value = node.defaultValue;
    const prototype =
      node instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(node, typed);
    node.dispatchEvent(new Event('input', { bubbles: true }));
  }, [ref]);
}
