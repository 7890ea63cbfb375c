/** How often held presses look whether their button has been taken over. */
const CHECK_MS = 50;

/**
 * Whether React has taken the element over: it keeps the element's fiber on it, under a key of
 * its own, from the moment it hydrates it. Until then a click on it does nothing and React drops
 * it; from then on a click makes React finish hydrating it at once, the commit's layout effects
 * included (src/lib/typed-before-hydration.ts hands typed text to the form's state there).
 */
const hydrated = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/**
 * A button the app answers and the browser alone does not, and that the app has not taken over
 * yet. Enter in a form's field presses its submit button, so a form is held as its button is. A
 * form with an `action` (the header's search box) works without script, and links are plain
 * navigations to pages the server draws, so both are left to the browser.
 */
function waitingButton(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const button = target.closest<HTMLElement>('button, [role="button"]');
  if (!button || hydrated(button)) return null;
  // A disabled button gets no click at all.
  const sendsForm = button instanceof HTMLButtonElement && button.type === 'submit';
  return sendsForm && button.form?.hasAttribute('action') ? null : button;
}

/**
 * Holds the presses made on a server-drawn page before the app has taken their button over, and
 * makes them again, on the same button, once it has. The page shows its buttons before its bundle
 * runs (this module's caller waits for the first paint, and on a phone for the first cover), and
 * React hydrates the header first and the page and the login dialog after their own bundles:
 * until then a tap on 点赞 did nothing, and Enter in the login dialog sent the form to the address
 * bar, which loaded the page again with both fields emptied.
 *
 * Hydration keeps the server's elements, so a held press finds its button again; one the app drew
 * anew (a page it could not hydrate) is no longer in the document and is dropped, as is a second
 * press of the same button, which is the same wish and not an undo. Presses are made again in
 * their order, however long the app takes: on a slow network a like that lands late is still the
 * reader's wish, and one dropped was the fault this mends.
 */
export function holdEarlyPresses(): void {
  const held: HTMLElement[] = [];
  let checking = false;

  const check = () => {
    while (held.length > 0) {
      const button = held[0];
      if (!button.isConnected) held.shift();
      else if (hydrated(button)) held.shift()!.click();
      else break;
    }
    checking = false;
    if (held.length > 0) watch();
  };
  /** Looks again in a while, unless a look is already due. */
  const watch = () => {
    if (checking) return;
    checking = true;
    setTimeout(check, CHECK_MS);
  };

  document.addEventListener(
    'click',
    (event) => {
      const button = waitingButton(event.target);
      if (!button) return;
      event.preventDefault();
      event.stopPropagation();
      if (!held.includes(button)) held.push(button);
      watch();
    },
    true,
  );
}
