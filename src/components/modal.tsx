import { AnimatePresence, m } from 'framer-motion';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../lib/use-hydrated';
import styles from './modal.module.css';
import { MotionProvider } from './motion-provider';
import { componentTexts } from './texts';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The visible heading and the dialog's accessible name. */
  title: string;
  children: ReactNode;
  /** Width on desktop in px; phones always get a full-width bottom sheet. */
  width?: number;
  /**
   * Drawn where it stands rather than at the end of `<body>`: a dialog the server may render
   * open (the login modal) has no document to portal into. Only for a modal placed outside
   * every page element, where a fixed layer covers the screen all the same.
   */
  inPlace?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog per DESIGN.md: centred on desktop, a bottom sheet on phones, focus trapped inside,
 * Escape closes, the page behind does not scroll, focus returns where it was on close.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  width = 420,
  inPlace = false,
}: ModalProps) {
  const hydrated = useHydrated();
  // Most dialogs on a page are never opened (a note's delete confirmation): until the first
  // open nothing mounts, so framer-motion's features are not fetched and run during start-up.
  // Once opened the tree stays, so the closing animation plays.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  const dialog = (
    <MotionProvider>
      {/* Drawn open by the server, the dialog is shown as it is, not faded in once more. */}
      <AnimatePresence initial={hydrated}>
        {open && (
          <ModalFrame key="modal" onClose={onClose} title={title} width={width}>
            {children}
          </ModalFrame>
        )}
      </AnimatePresence>
    </MotionProvider>
  );
  if (inPlace) return dialog;
  // A server-rendered page has no document to portal into; hydrating it, neither had the server.
  return hydrated ? createPortal(dialog, document.body) : null;
}

function ModalFrame({ onClose, title, children, width }: Omit<ModalProps, 'open'>) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);

  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialogRef.current)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onEscape);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusables = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusables.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.root} onKeyDown={trapTab}>
      <m.div
        className={styles.backdrop}
        onClick={onClose}
        initial={{ opacity: 0 }}
        animate={{ opacity: 1 }}
        exit={{ opacity: 0 }}
        transition={{ duration: 0.2 }}
      />
      <m.div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ '--modal-width': `${width}px` } as CSSProperties}
        initial={{ opacity: 0, y: 8 }}
        animate={{ opacity: 1, y: 0 }}
        exit={{ opacity: 0, y: 8 }}
        transition={{ duration: 0.2, ease: 'easeOut' }}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            onClick={onClose}
            aria-label={componentTexts.close}
          >
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
      </m.div>
    </div>
  );
}
