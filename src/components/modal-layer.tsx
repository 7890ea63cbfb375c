import { AnimatePresence, m, useIsPresent } from 'framer-motion';
import { X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import styles from './modal.module.css';
import { MotionProvider } from './motion-provider';
import { componentTexts } from './texts';

export interface ModalFrameProps {
  onClose: () => void;
  /** The visible heading and the dialog's accessible name. */
  title: string;
  children: ReactNode;
  /** Width on desktop in px; phones always get a full-width bottom sheet. */
  width?: number;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The animated dialog of <Modal>, loaded the first time one opens. */
export default function ModalLayer({
  open,
  width = 420,
  ...frame
}: ModalFrameProps & { open: boolean }) {
  // Drawn open by the server, the dialog is shown as it is, not faded in once more.
  const animateEntry = useHydrated();
  return (
    <MotionProvider>
      <AnimatePresence initial={animateEntry}>
        {open && <ModalFrame key="modal" width={width} {...frame} />}
      </AnimatePresence>
    </MotionProvider>
  );
}

function ModalFrame({ onClose, title, children, width }: ModalFrameProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  const present = useIsPresent();

  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  // Before the first paint of the dialog, not after it: no frame shows the page still scrolling
  // under it or the focus left behind, and a dialog found in the page already holds the focus.
  useLayoutEffect(() => {
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
    // Fading out, it no longer takes the clicks meant for the page it uncovers.
    <div className={present ? styles.root : `${styles.root} ${styles.leaving}`} onKeyDown={trapTab}>
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
