import { lazy, Suspense, useState } from 'react';
import type { ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../lib/use-hydrated';
import type { ModalFrameProps, ModalLayerProps } from './modal-layer';

export interface ModalProps extends ModalFrameProps {
  open: boolean;
  /**
   * Drawn where it stands rather than at the end of `<body>`: a dialog the server may render
   * open (the login modal) has no document to portal into. Only for a modal placed outside
   * every page element, where a fixed layer covers the screen all the same.
   */
  inPlace?: boolean;
}

type ModalLayerComponent = ComponentType<ModalLayerProps>;

/** The layer once fetched: a modal first drawn after that renders it without suspending. */
let loadedLayer: ModalLayerComponent | null = null;

async function fetchLayer() {
  const layer = await import('./modal-layer');
  loadedLayer = layer.default;
  return layer;
}

// framer-motion and the dialog's frame: a page that imports a dialog (a note's delete
// confirmation, its report and purchase dialogs) neither fetches nor runs them until one opens.
const LazyModalLayer = lazy(fetchLayer);

/**
 * Fetches the layer before a page the server drew with a dialog open hydrates. A lazy layer
 * would suspend that hydration, and the update that follows it would make React drop the
 * server's dialog and fade a new one in.
 */
export async function loadModalLayer(): Promise<void> {
  await fetchLayer();
}

/**
 * A dialog per DESIGN.md: centred on desktop, a bottom sheet on phones, focus trapped inside,
 * Escape closes, the page behind does not scroll, focus returns where it was on close.
 */
export function Modal({ open, inPlace = false, ...layer }: ModalProps) {
  const hydrated = useHydrated();
  // Chosen once per modal: a component type that changed under an open dialog would remount it
  // and lose what was typed in it.
  const [ModalLayer] = useState<ModalLayerComponent>(() => loadedLayer ?? LazyModalLayer);
  // Most dialogs on a page are never opened: until the first open nothing mounts. Once opened
  // the tree stays, so the closing animation plays.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  const dialog = (
    <Suspense fallback={null}>
      {/* Drawn open by the server, the dialog is shown as it is, not faded in once more. */}
      <ModalLayer open={open} animateEntry={hydrated} {...layer} />
    </Suspense>
  );
  if (inPlace) return dialog;
  // A server-rendered page has no document to portal into; hydrating it, neither had the server.
  return hydrated ? createPortal(dialog, document.body) : null;
}
