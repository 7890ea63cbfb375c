import { create } from 'zustand';
import { onAppEvent } from '../lib/auth-events';

/** The side panels opened by window events; each may later get its own lazy component. */
export type PanelEvent = 'open-notifications-panel' | 'open-messages-panel' | 'open-feedback-modal';

export interface ModalState {
  login: { from?: string } | null;
  /** True once any modal was asked for: their code loads on first use, then stays mounted. */
  modalsRequested: boolean;
  panel: PanelEvent | null;
  openLogin: (from?: string) => void;
  closeLogin: () => void;
  openPanel: (panel: PanelEvent) => void;
  closePanel: () => void;
}

export const useModalStore = create<ModalState>()((set) => ({
  login: null,
  modalsRequested: false,
  panel: null,
  openLogin: (from) => set({ login: from ? { from } : {}, modalsRequested: true, panel: null }),
  closeLogin: () => set({ login: null }),
  openPanel: (panel) => set({ panel, modalsRequested: true, login: null }),
  closePanel: () => set({ panel: null }),
}));

const PANEL_EVENTS: PanelEvent[] = [
  'open-notifications-panel',
  'open-messages-panel',
  'open-feedback-modal',
];

/**
 * Listens for the open-* events from the start (before React mounts), so an event raised by the
 * very first route (a guard, /login) is never lost. Returns the unsubscribe function.
 */
export function startModalEvents(): () => void {
  const stops = [
    onAppEvent('open-login-modal', (detail) => useModalStore.getState().openLogin(detail?.from)),
    ...PANEL_EVENTS.map((name) => onAppEvent(name, () => useModalStore.getState().openPanel(name))),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
