import { lazy, Suspense, useState } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { useModalStore } from '../stores/modal-store';
import type { PanelEvent } from '../stores/modal-store';

interface PanelProps {
  open: boolean;
  onClose: () => void;
}

/** The panel each window event opens; each renders its own <Modal open onClose>. */
const panels: Record<PanelEvent, LazyExoticComponent<ComponentType<PanelProps>>> = {
  'open-notifications-panel': lazy(
    () => import('../features/notifications/components/notifications-panel'),
  ),
  'open-messages-panel': lazy(() => import('../features/messages/components/messages-panel')),
  'open-feedback-modal': lazy(() => import('../features/feedback/components/feedback-modal')),
};

const EVENTS = Object.keys(panels) as PanelEvent[];

/** Shows the panel the modal store names. */
export default function ModalHost() {
  const panel = useModalStore((state) => state.panel);
  const close = useModalStore((state) => state.closePanel);
  // A panel stays mounted after its first opening so it can animate out.
  const [opened, setOpened] = useState<PanelEvent[]>([]);
  if (panel && !opened.includes(panel)) setOpened([...opened, panel]);

  return EVENTS.map((event) => {
    const Panel = panels[event];
    return opened.includes(event) ? (
      <Suspense key={event} fallback={null}>
        <Panel open={panel === event} onClose={close} />
      </Suspense>
    ) : null;
  });
}
