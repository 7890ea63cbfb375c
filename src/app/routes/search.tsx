import { Search, SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { fillText } from '../../../contract/page-messages';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { OfflineSearch } from '../../features/offline/offline-search';
import { useOnlineStatus } from '../../lib/use-online-status';
import { NoteWaterfall } from '../../features/posts/components/note-waterfall';
import { usePagedPosts } from '../../features/posts/hooks/use-paged-posts';
import { searchListKey, searchPosts } from '../../features/search/api/search-posts';
import { HotSearches } from '../../features/search/components/hot-searches';
import { PhoneOnly } from '../../features/search/components/phone-only';
import { SearchHeading } from '../../features/search/components/search-heading';
import { UserResults } from '../../features/search/components/user-results';
import { useUserSearch } from '../../features/search/hooks/use-user-search';
import { searchTexts } from '../../features/search/texts';
import { useSessionStore } from '../../stores/session-store';
import { SearchBox } from '../layout/search-box';

/** `/search?search=`: notes and people for a keyword; on phones it has its own search box. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const keyword = (params.get('search') ?? '').trim();
  // Offline nothing is asked: the search runs again when the network returns.
  const online = useOnlineStatus();
  const notes = usePagedPosts(keyword && online ? searchListKey(keyword) : null, (page) =>
    searchPosts(keyword, page),
  );
  const people = useUserSearch(online ? keyword : '');
  const signedIn = useSessionStore((state) => state.user !== null);

  if (!online) {
    return (
      <>
        <PageMeta title={searchTexts.pageTitle} path="/search" />
        <PhoneOnly>
          <SearchBox />
        </PhoneOnly>
        <OfflineSearch signedIn={signedIn} />
      </>
    );
  }

  return (
    <>
      <PageMeta
        title={keyword ? fillText(searchTexts.resultsTitle, { keyword }) : searchTexts.pageTitle}
        description={searchTexts.description}
        path="/search"
      />
      <PhoneOnly>
        <SearchBox />
      </PhoneOnly>
      {keyword ? (
        <>
          <SearchHeading keyword={keyword} total={notes.total} />
          <UserResults users={people.users} isLoading={people.isLoading} />
          <NoteWaterfall
            list={notes}
            label={searchTexts.notesHeading}
            empty={
              <EmptyState
                icon={<SearchX size={28} />}
                title={fillText(searchTexts.noResults, { keyword })}
                action={<HotSearches />}
              />
            }
          />
        </>
      ) : (
        <EmptyState
          icon={<Search size={28} />}
          title={searchTexts.emptyQuery}
          action={<HotSearches />}
        />
      )}
    </>
  );
}
