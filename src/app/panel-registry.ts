import type { ComponentType, LazyExoticComponent } from 'react';
import type { PanelEvent } from '../stores/modal-store';

export interface PanelProps {
  open: boolean;
  onClose: () => void;
}

export type PanelComponent = LazyExoticComponent<ComponentType<PanelProps>>;

const registry = new Map<PanelEvent, PanelComponent>();

/**
 * Gives an event its real panel, e.g.
 * `registerPanel('open-messages-panel', lazy(() => import('../features/messages/messages-panel')))`
 * in src/app before the app renders. The panel renders its own <Modal open onClose>. Kept apart
 * from the modal host so registering never pulls the host (and framer-motion) into the first load.
 */
export function registerPanel(event: PanelEvent, component: PanelComponent): void {
  registry.set(event, component);
}

export function registeredPanel(event: PanelEvent): PanelComponent | undefined {
  return registry.get(event);
}
