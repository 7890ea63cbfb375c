import { act, fireEvent } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

/** Submits the first form in `container`, as Enter in one of its fields does. */
export async function submitForm(container: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.submit(container.querySelector('form')!);
  });
}

/**
 * A page as a reader meets it on a slow connection: `server` drawn to HTML, `typeInto` typing
 * into that HTML before any script runs, then `client` hydrating it. `whileLive` (by default a
 * submit of its form) runs on the live page, which is then unmounted and removed.
 */
export async function hydrateAfterTyping(
  server: ReactElement,
  typeInto: (container: HTMLElement) => void,
  client: ReactElement,
  whileLive: (container: HTMLElement) => Promise<void> = submitForm,
): Promise<void> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(server);
  document.body.append(container);
  try {
    typeInto(container);
    const root = await act(async () => hydrateRoot(container, client));
    try {
      await whileLive(container);
    } finally {
      act(() => root.unmount());
    }
  } finally {
    container.remove();
  }
}
