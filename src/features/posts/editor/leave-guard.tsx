import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { editorTexts } from './texts';
import styles from './leave-guard.module.css';

/**
 * Asks before leaving the editor while `shouldBlock()` says something would be lost: inside
 * the app with a dialog, when closing or reloading the tab with the browser's own prompt.
 * A function rather than a value, so a page can allow its own navigation (after publishing)
 * in the same event that starts it.
 */
export function LeaveGuard({ shouldBlock }: { shouldBlock: () => boolean }) {
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && latest.current(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const open = blocker.state === 'blocked';
  return (
    <Modal open={open} onClose={() => blocker.reset?.()} title={editorTexts.leaveTitle} width={380}>
      <p className={styles.message}>{editorTexts.leaveConfirm}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => blocker.proceed?.()}>
          {editorTexts.leave}
        </Button>
        <Button onClick={() => blocker.reset?.()}>{editorTexts.stay}</Button>
      </div>
    </Modal>
  );
}
