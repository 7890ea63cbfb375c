import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';

let router: ReturnType<typeof createAppRouter> | undefined;

/**
 * The one router, made at the first render rather than when the bundle runs: its route table is
 * the largest piece of start-up work, and inside React's time-sliced render it runs as a task of
 * its own instead of lengthening the bundle's. Made once, however often a render is retried.
 */
function appRouter() {
  router ??= createAppRouter();
  return router;
}

export function App() {
  return <RouterProvider router={appRouter()} />;
}
