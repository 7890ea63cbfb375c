import type { StaticPageName } from '../../features/static-pages/content';
import { StaticPage } from '../../features/static-pages/static-page';

/** /about, /terms, /privacy and /help share one bundle. */
export default function StaticRoute({ name }: { name: StaticPageName }) {
  return <StaticPage name={name} />;
}
