import { createStore, useStore } from 'zustand';
import { onAppEvent } from '../lib/auth-events';

/** The side panels opened by window events; each may later get its own lazy component. */
export type PanelEvent = 'open-notifications-panel' | 'open-messages-panel' | 'open-feedback-modal';

export interface ModalState {
  login: { from?: string } | null;
  /** True once any modal was asked for: their code loads on first use, then stays mounted. */
  modalsRequested: boolean;
  panel: PanelEvent | null;
  /** What the open-* event carried, e.g. `{userId}` when a "私信" button opens a thread. */
  panelDetail: unknown;
  openLogin: (from?: string) => void;
  closeLogin: () => void;
  openPanel: (panel: PanelEvent, detail?: unknown) => void;
  closePanel: () => void;
}

const modalStore = createStore<ModalState>()((set) => ({
  login: null,
  modalsRequested: false,
  panel: null,
  panelDetail: null,
  openLogin: (from) => set({ login: from ? { from } : {}, modalsRequested: true, panel: null }),
  closeLogin: () => set({ login: null }),
  openPanel: (panel, detail) =>
    set({ panel, panelDetail: detail ?? null, modalsRequested: true, login: null }),
  closePanel: () => set({ panel: null }),
}));

/** The modals a server-rendered page was drawn with (renderLoginAs), if any. */
let renderedModals: ModalState | null = null;

/**
 * The store as React reads it: during hydration (and on the server) React asks for the state
 * the page was rendered with, which is the rendered modals rather than the store's first ones.
 */
const readableStore = {
  ...modalStore,
  getInitialState: () => renderedModals ?? modalStore.getInitialState(),
};

export const useModalStore = Object.assign(
  <T>(selector: (state: ModalState) => T): T => useStore(readableStore, selector),
  modalStore,
);

/**
 * The modals a page is rendered with: on the server before rendering each page, in the browser
 * before hydrating it. `from` set: the login modal open, returning there after sign-in (a
 * visitor sent to sign in on a note); null: none open.
 */
export function renderLoginAs(from: string | null): void {
  modalStore.setState({
    login: from === null ? null : { from },
    modalsRequested: from !== null,
    panel: null,
    panelDetail: null,
  });
  renderedModals = modalStore.getState();
}

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
    ...PANEL_EVENTS.map((name) =>
      onAppEvent(name, (detail: unknown) => useModalStore.getState().openPanel(name, detail)),
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
