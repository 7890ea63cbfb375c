import { FileText, Heart, PenLine, Star } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { DraftsList } from '../../features/drafts/components/drafts-list';
import { AccountStrip } from '../../features/membership/components/account-badges';
import { SalesPanel } from '../../features/membership/components/sales-panel';
import { membershipTexts } from '../../features/membership/texts';
import { NoteWaterfall } from '../../features/posts/components/note-waterfall';
import { usePagedPosts } from '../../features/posts/hooks/use-paged-posts';
import { getFavorites, getLikedPosts, getMyPosts } from '../../features/profile/api/profile-posts';
import { PinButton } from '../../features/profile/components/pin-button';
import {
  ProfileHeader,
  ProfileHeaderSkeleton,
} from '../../features/profile/components/profile-header';
import { ProfileTabs } from '../../features/profile/components/profile-tabs';
import type { ProfileTab } from '../../features/profile/components/profile-tabs';
import { OfflineNotesList } from '../../features/offline/offline-notes-list';
import { OutboxNotes } from '../../features/offline/outbox-notes';
import { offlineTexts } from '../../features/offline/texts';
import { useProfileUser } from '../../features/profile/hooks/use-profile-user';
import { pinnedFirst } from '../../features/profile/pinned-first';
import { profileTexts } from '../../features/profile/texts';
import { selectUser, useSessionStore } from '../../stores/session-store';

type Tab = 'posts' | 'drafts' | 'favorites' | 'liked' | 'sales' | 'offline';

const TABS: ProfileTab<Tab>[] = [
  { value: 'posts', label: profileTexts.tabMyPosts },
  { value: 'drafts', label: profileTexts.tabDrafts },
  { value: 'favorites', label: profileTexts.tabFavorites },
  { value: 'liked', label: profileTexts.tabLiked },
  { value: 'sales', label: membershipTexts.sales.tab },
  { value: 'offline', label: offlineTexts.saved.listTitle },
];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

/** `/profile`: the signed-in user's own page: notes in every status, drafts, favorites, likes. */
export default function ProfilePage() {
  const me = useSessionStore(selectUser);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'posts';
  const userId = me?.id;
  const { data: user, mutate: refreshUser } = useProfileUser(userId);

  const myPosts = usePagedPosts(
    userId && tab === 'posts' ? ['my-posts', userId] : null,
    getMyPosts,
  );
  const favorites = usePagedPosts(
    userId && tab === 'favorites' ? ['favorites', userId] : null,
    getFavorites,
  );
  const liked = usePagedPosts(userId && tab === 'liked' ? ['liked-posts', userId] : null, (page) =>
    getLikedPosts(userId as string, page),
  );
  const myPostsPinnedFirst = { ...myPosts, posts: pinnedFirst(myPosts.posts) };

  const header = user ?? me;
  return (
    <>
      <PageMeta title={profileTexts.myTitle} path="/profile" noindex />
      {header ? (
        <ProfileHeader
          user={header}
          own
          actions={
            <Link to="/settings" className={buttonClass({ variant: 'secondary', size: 'small' })}>
              {profileTexts.editProfile}
            </Link>
          }
        />
      ) : (
        <ProfileHeaderSkeleton />
      )}
      {me && <AccountStrip user={me} />}
      <ProfileTabs
        tabs={TABS}
        active={tab}
        idPrefix="profile-tab"
        onChange={(next) => setParams(next === 'posts' ? {} : { tab: next }, { replace: true })}
      />
      <div id="profile-tab-panel" role="tabpanel" aria-labelledby={`profile-tab-${tab}`}>
        {tab === 'posts' && <OutboxNotes />}
        {tab === 'posts' && (
          <NoteWaterfall
            list={myPostsPinnedFirst}
            label={profileTexts.tabMyPosts}
            showStatus
            renderExtra={(post) =>
              post.status === 'approved' && (
                <PinButton
                  postId={post.id}
                  pinned={post.isPinned}
                  onChange={() => {
                    void myPosts.refresh();
                    void refreshUser();
                  }}
                />
              )
            }
            empty={
              <EmptyState
                icon={<PenLine size={28} />}
                title={profileTexts.myPostsEmpty}
                action={
                  <Link to="/create" className={buttonClass()}>
                    {profileTexts.publishFirst}
                  </Link>
                }
              />
            }
          />
        )}
        {tab === 'drafts' && userId && <DraftsList userId={userId} />}
        {tab === 'sales' && userId && <SalesPanel userId={userId} />}
        {tab === 'offline' && <OfflineNotesList />}
        {tab === 'favorites' && (
          <NoteWaterfall
            list={favorites}
            label={profileTexts.tabFavorites}
            empty={
              <EmptyState
                icon={<Star size={28} />}
                title={profileTexts.favoritesEmpty}
                action={<DiscoverLink />}
              />
            }
          />
        )}
        {tab === 'liked' && (
          <NoteWaterfall
            list={liked}
            label={profileTexts.tabLiked}
            empty={
              <EmptyState
                icon={<Heart size={28} />}
                title={profileTexts.likedEmpty}
                action={<DiscoverLink />}
              />
            }
          />
        )}
      </div>
    </>
  );
}

function DiscoverLink() {
  return (
    <Link to="/" className={buttonClass({ variant: 'secondary' })}>
      <FileText size={16} aria-hidden />
      {profileTexts.discover}
    </Link>
  );
}
