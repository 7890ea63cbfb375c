import { useLayoutEffect } from 'react';
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
 *
 * In the commit that hydrates the field, not in an effect after it: a press held from before
 * the app ran (src/boot/early-presses.ts) is made again as soon as its button is hydrated, and
 * a form sent between the two was refused as empty and had its fields emptied.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
): void {
  useLayoutEffect(() => {
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
