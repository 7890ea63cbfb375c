import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration';
import { shellTexts } from '../texts';
import styles from './search-box.module.css';

const texts = shellTexts.search;

/** The history lives in IndexedDB; its code loads with the first search, not with the page. */
const searchHistory = () => import('../../lib/search-history');
/** The dropdown's code loads when the box is first focused, not with the page. */
const SearchSuggestions = lazy(() => import('./search-suggestions'));

/** The header's search box (desktop) with its history / hot-search dropdown. */
export function SearchBox() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === '/search' ? (params.get('search') ?? '') : '';
  const [query, setQuery] = useState(current);
  const [open, setOpen] = useState(false);
  const [history, setHistory] = useState<string[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const dropdownId = useId();

  // The box follows the search page's query when the address changes (back, forward, links).
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setQuery(current);
  }

  useTypedBeforeHydration(inputRef);

  useEffect(() => {
    if (!open) return;
    let live = true;
    searchHistory()
      .then((store) => store.loadSearchHistory())
      .then((terms) => live && setHistory(terms))
      .catch(() => live && setHistory([]));
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      live = false;
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [open]);

  function search(term: string) {
    const trimmed = term.trim();
    if (!trimmed) return;
    setQuery(trimmed);
    setOpen(false);
    inputRef.current?.blur();
    void searchHistory()
      .then((store) => store.addSearchTerm(trimmed))
      .then(setHistory)
      .catch(() => undefined);
    navigate(`/search?search=${encodeURIComponent(trimmed)}`);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    search(query);
  }

  return (
    <div className={styles.root} ref={rootRef}>
      {/* action and name: before the scripts run, Enter still opens the results page. */}
      <form role="search" className={styles.form} action="/search" onSubmit={submit}>
        <Search className={styles.icon} size={18} aria-hidden="true" />
        <input
          ref={inputRef}
          className={styles.input}
          type="search"
          name="search"
          enterKeyHint="search"
          aria-label={texts.label}
          placeholder={texts.placeholder}
          value={query}
          maxLength={100}
          onChange={(event) => setQuery(event.target.value)}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
          // A combobox whose popup is a small dialog: it holds buttons (terms, remove, clear),
          // which a listbox of options could not (ARIA 1.2 combobox pattern).
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={dropdownId}
          autoComplete="off"
        />
      </form>
      {open && (
        <Suspense fallback={null}>
          <SearchSuggestions
            id={dropdownId}
            history={history}
            onSearch={search}
            onClear={() => {
              setHistory([]);
              void searchHistory()
                .then((store) => store.clearSearchHistory())
                .catch(() => undefined);
            }}
            onRemove={(term) => {
              setHistory((terms) => terms.filter((item) => item !== term));
              void searchHistory()
                .then((store) => store.removeSearchTerm(term))
                .catch(() => undefined);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
