import { SWRConfig } from 'swr';
import type { SWRConfiguration } from 'swr';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';

let router: ReturnType<typeof createAppRouter> | undefined;

/**
 * The one router, made once however often a render is retried. Its route table is the largest
 * piece of start-up work outside React: main.tsx makes it in a task of its own before the first
 * render (a hydrating render is not time-sliced, it would lengthen that task).
 */
export function appRouter() {
  router ??= createAppRouter();
  return router;
}

/** `data`: the SWR configuration of the page the server rendered (rendered-page.ts), if any. */
export function App({ data }: { data?: SWRConfiguration }) {
  const app = <RouterProvider router={appRouter()} />;
  return data ? <SWRConfig value={data}>{app}</SWRConfig> : app;
}
