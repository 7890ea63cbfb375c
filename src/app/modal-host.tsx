import { Sparkles } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { EmptyState } from '../components/empty-state';
import { Modal } from '../components/modal';
import { useModalStore, type PanelEvent } from '../stores/modal-store';
import { registeredPanel, registerPanel } from './panel-registry';
import { shellTexts } from './texts';

registerPanel(
  'open-notifications-panel',
  lazy(() => import('../features/notifications/components/notifications-panel')),
);
registerPanel(
  'open-messages-panel',
  lazy(() => import('../features/messages/components/messages-panel')),
);
registerPanel(
  'open-feedback-modal',
  lazy(() => import('../features/feedback/components/feedback-modal')),
);

const EVENTS = Object.keys(shellTexts.panels) as PanelEvent[];

/** Shows the panel the modal store names; events without a real panel yet say it is coming. */
export default function ModalHost() {
  const panel = useModalStore((state) => state.panel);
  const close = useModalStore((state) => state.closePanel);
  // A registered panel stays mounted after its first opening so it can animate out.
  const [opened, setOpened] = useState<PanelEvent[]>([]);
  if (panel && !opened.includes(panel)) setOpened([...opened, panel]);

  return EVENTS.map((event) => {
    const Registered = registeredPanel(event);
    if (Registered) {
      return opened.includes(event) ? (
        <Suspense key={event} fallback={null}>
          <Registered open={panel === event} onClose={close} />
        </Suspense>
      ) : null;
    }
    const texts = shellTexts.panels[event];
    return (
      <Modal key={event} open={panel === event} onClose={close} title={texts.title}>
        <EmptyState
          icon={<Sparkles size={28} />}
          title={shellTexts.comingSoon}
          description={texts.body}
        />
      </Modal>
    );
  });
}
