import { AtmosphereRules } from '../../features/membership/components/atmosphere-rules';
import type { StaticPageName } from '../../features/static-pages/content';
import { StaticPage } from '../../features/static-pages/static-page';

/** /about, /terms, /privacy and /help share one bundle; /help also explains the 氛围值. */
export default function StaticRoute({ name }: { name: StaticPageName }) {
  return (
    <>
      <StaticPage name={name} />
      {name === 'help' && <AtmosphereRules />}
    </>
  );
}
