import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../../components/spinner';
import { shellTexts } from '../texts';
import { Footer } from './footer';
import { Header } from './header';
import styles from './root-layout.module.css';
import { TabBar } from './tab-bar';

/** The common layout: header, the page, footer, and the tab bar on phones. */
export function RootLayout() {
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        {shellTexts.skipToContent}
      </a>
      <Header />
      <main id="main" className={styles.main}>
        <Suspense fallback={<PageSpinner label={shellTexts.loadingPage} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <TabBar />
    </div>
  );
}
