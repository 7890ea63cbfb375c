import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { Category } from '../../contract/category';
import type { Post, PostList } from '../../contract/post';
import layoutStyles from '../app/layout/root-layout.module.css';
import { FeedTabs } from '../features/posts/components/feed-tabs';
import { DEFAULT_SORT } from '../features/posts/feed-sort';
import { NoteLayout } from '../features/posts/components/note-layout';
import noteStyles from '../features/posts/components/post-detail.module.css';
import { NoteCard } from '../features/posts/components/note-card';
import waterfallStyles from '../features/posts/components/note-waterfall.module.css';
import { COLUMN_BREAKPOINTS } from '../features/posts/masonry';

/**
 * The home page's first screen as HTML, rendered on the server with the app's own components
 * (built by `vite build --ssr`, loaded by server/lib/first-screen.ts). The browser paints it,
 * cover images included, before the app's script has run; the app's first render then replaces
 * it with the same tabs and cards in the same places.
 *
 * Only the first row of the waterfall is drawn: the server does not know the screen's width, and
 * the first row is the one row every column count lays out alike (each card opens its own
 * column). Columns the screen has no room for are hidden by media queries.
 */

export interface FirstScreen {
  /** Goes inside #root, after the static header. */
  html: string;
  /** The few rules of the first screen's own (the components' CSS comes from the client build). */
  css: string;
}

const noop = () => undefined;
const COLUMN_CLASS = 'first-screen-column';
const COLUMN_COUNTS = COLUMN_BREAKPOINTS.map((breakpoint) => breakpoint.columns);
const MAX_COLUMNS = Math.max(...COLUMN_COUNTS);
/** Cards every screen shows load at once; the others only where their column is shown. */
const ALWAYS_SHOWN = Math.min(...COLUMN_COUNTS);
/** Marks the image the page loader waits for before starting the app (vite.config.ts). */
export const HERO_ATTRIBUTE = 'data-first-screen-hero';

/** Column n (from 0) shows from the narrowest width that has more than n columns. */
function columnRules(): string {
  const rules: string[] = [];
  for (let column = 0; column < MAX_COLUMNS; column++) {
    const minWidth = Math.min(
      ...COLUMN_BREAKPOINTS.filter((breakpoint) => breakpoint.columns > column).map(
        (breakpoint) => breakpoint.minWidth,
      ),
    );
    if (minWidth === 0) continue;
    // Under #root: the waterfall's own `.column{display:flex}` arrives again in a stylesheet
    // after this one, and at equal specificity it would bring every hidden column back.
    rules.push(
      `#root .${COLUMN_CLASS}-${column}{display:none}`,
      `@media (min-width:${minWidth}px){#root .${COLUMN_CLASS}-${column}{display:flex}}`,
    );
  }
  return rules.join('\n');
}

/**
 * React adds a preload for every eager image; the server preloads what matters in the head
 * already, and the others must not compete with it. The first image is the one the page loader
 * waits for.
 */
function markHero(html: string, hasImage: boolean): string {
  const withoutPreloads = html.replace(/<link rel="preload" as="image"[^>]*>/g, '');
  return hasImage ? withoutPreloads.replace('<img ', `<img ${HERO_ATTRIBUTE} `) : withoutPreloads;
}

export function renderHomeFirstScreen(feed: PostList, categories: Category[]): FirstScreen {
  const firstRow = feed.posts.slice(0, MAX_COLUMNS);
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <div className={layoutStyles.main}>
        <FeedTabs
          tab="all"
          sort={DEFAULT_SORT}
          categories={categories}
          onTabChange={noop}
          onSortChange={noop}
        />
        <div className={waterfallStyles.grid}>
          {firstRow.map((post, index) => (
            <div key={post.id} className={`${waterfallStyles.column} ${COLUMN_CLASS}-${index}`}>
              <NoteCard post={post} eager={index < ALWAYS_SHOWN} />
            </div>
          ))}
        </div>
      </div>
    </MemoryRouter>,
  );
  return { html: markHero(html, Boolean(firstRow[0]?.cover)), css: columnRules() };
}

/**
 * The top of a note page: its images, author and title, where the page will draw them. The body
 * and everything below come with the app.
 */
export function renderNoteFirstScreen(post: Post): FirstScreen {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <div className={layoutStyles.main}>
        <NoteLayout post={post}>
          <div className={noteStyles.text}>
            <h1 className={noteStyles.title}>{post.title}</h1>
          </div>
        </NoteLayout>
      </div>
    </MemoryRouter>,
  );
  return { html: markHero(html, post.images.length > 0), css: '' };
}
