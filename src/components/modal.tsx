import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../lib/use-hydrated';
import type { ModalFrameProps } from './modal-layer';

export interface ModalProps extends ModalFrameProps {
  open: boolean;
  /**
   * Drawn where it stands rather than at the end of `<body>`: a dialog the server may render
   * open (the login modal) has no document to portal into. Only for a modal placed outside
   * every page element, where a fixed layer covers the screen all the same.
   */
  inPlace?: boolean;
}

// framer-motion and the dialog's frame: a page that imports a dialog (a note's delete
// confirmation, its report and purchase dialogs) neither fetches nor runs them until one opens.
const ModalLayer = lazy(() => import('./modal-layer'));

/**
 * A dialog per DESIGN.md: centred on desktop, a bottom sheet on phones, focus trapped inside,
 * Escape closes, the page behind does not scroll, focus returns where it was on close.
 */
export function Modal({ open, inPlace = false, ...layer }: ModalProps) {
  // Most dialogs on a page are never opened: until the first open nothing mounts. Once opened
  // the tree stays, so the closing animation plays.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  const dialog = (
    <Suspense fallback={null}>
      <ModalLayer open={open} {...layer} />
    </Suspense>
  );
  return inPlace ? dialog : <AtEndOfBody>{dialog}</AtEndOfBody>;
}

/**
 * A server-rendered page has no document to portal into; hydrating it, neither had the server.
 * Apart from Modal so that a dialog drawn in place never re-renders when hydration ends: an
 * update reaching the layer's Suspense while the layer still loads would make React drop the
 * server's dialog and draw it anew.
 */
function AtEndOfBody({ children }: { children: ReactNode }) {
  return useHydrated() ? createPortal(children, document.body) : null;
}
