import { CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { loadSearchHistory } from '../../lib/search-history';
import { OfflineNotesList } from './offline-notes-list';
import { offlineTexts } from './texts';
import styles from './offline-search.module.css';

const texts = offlineTexts.search;

/** The search history kept on this device (IndexedDB), or an empty list when it cannot be read. */
function useSearchHistory(): string[] | null {
  const [history, setHistory] = useState<string[] | null>(null);
  useEffect(() => {
    let current = true;
    loadSearchHistory()
      .catch(() => [])
      .then((terms) => {
        if (current) setHistory(terms);
      });
    return () => {
      current = false;
    };
  }, []);
  return history;
}

/**
 * The search page without a network: search runs on the server, so instead of waiting on
 * requests that cannot succeed it says so, and offers what works offline: the search history
 * (to run again once online) and the notes saved for offline reading.
 */
export function OfflineSearch({ signedIn }: { signedIn: boolean }) {
  const history = useSearchHistory();
  return (
    <div className={styles.page}>
      <EmptyState
        icon={<CloudOff size={28} />}
        title={texts.title}
        description={texts.description}
        action={
          <nav className={styles.history} aria-label={texts.history}>
            <span className={styles.label}>{texts.history}</span>
            {history?.length === 0 && <span className={styles.none}>{texts.noHistory}</span>}
            {history?.map((term) => (
              <Link
                key={term}
                to={`/search?search=${encodeURIComponent(term)}`}
                className={styles.chip}
              >
                {term}
              </Link>
            ))}
          </nav>
        }
      />
      {signedIn && (
        <section aria-label={texts.saved}>
          <h2 className={styles.heading}>{texts.saved}</h2>
          <OfflineNotesList />
        </section>
      )}
    </div>
  );
}
