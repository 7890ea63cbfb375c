import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createPaywallRepository } from './paywall-repository.ts';
import { previewOf } from './preview.ts';
import type { Purchases } from './purchases.ts';
import { createUploadGrants } from './upload-grants.ts';
import type { UploadGrant } from './upload-grants.ts';

/**
 * The one rule of who may read a paid note, used by every response that carries a note's body
 * or images (note, feed card, search result, batch sub-request, image and image variant).
 */
export interface PaywallViewer {
  id: number;
  isAdmin: boolean;
  isPremium: boolean;
}

export interface PricedPost {
  id: number;
  author_id: number;
  /** 0 = free. */
  price_cents: number;
}

export interface PostAccess {
  /** The whole note may be sent: free, own, bought, premium or admin. */
  canRead: boolean;
  /** The caller bought the note or is a premium member (the contract's `isPaid`). */
  isPaid: boolean;
}

/** `public`: anyone; `granted`: this reader only (send it `Cache-Control: private`); `denied`: 403. */
export type UploadAccess = 'public' | 'granted' | 'denied';

export function accessOf(
  viewer: PaywallViewer | null,
  post: PricedPost,
  bought: boolean,
): PostAccess {
  if (post.price_cents <= 0) return { canRead: true, isPaid: false };
  if (!viewer) return { canRead: false, isPaid: false };
  const isPaid = bought || viewer.isPremium;
  return { canRead: isPaid || viewer.isAdmin || viewer.id === post.author_id, isPaid };
}

const UPLOAD_NAME = /^\/api\/uploads\/([A-Za-z0-9_-]{1,64}\.(?:jpg|png|gif))(?:\?|$)/;
const UPLOAD_IN_TEXT = /\/api\/uploads\/([A-Za-z0-9_-]{1,64}\.(?:jpg|png|gif))(\?[^\s)"'<>]*)?/g;

const uploadNameOf = (url: string): string | null => UPLOAD_NAME.exec(url)?.[1] ?? null;

function firstImageUrl(imagesJson: string): string | null {
  try {
    const images: unknown = JSON.parse(imagesJson);
    if (!Array.isArray(images)) return null;
    const first: unknown = images[0];
    return first && typeof first === 'object' && 'url' in first && typeof first.url === 'string'
      ? first.url
      : null;
  } catch {
    return null;
  }
}

export function createPaywall(
  db: Kysely<Database>,
  options: {
    secret: Uint8Array;
    /** Read with the rest of a turn's (batchedPurchases), off the request thread on SQLite. */
    purchases: Purchases;
  },
) {
  const repository = createPaywallRepository(db);
  const { purchases } = options;
  const grants = createUploadGrants(options.secret);

  /** Access to each note of a page with at most one query (the caller's purchases among them). */
  async function accessFor(
    viewer: PaywallViewer | null,
    posts: PricedPost[],
  ): Promise<Map<number, PostAccess>> {
    const lookup =
      viewer && !viewer.isPremium
        ? [
            ...new Set(
              posts
                .filter((post) => post.price_cents > 0 && post.author_id !== viewer.id)
                .map((post) => post.id),
            ),
          ]
        : [];
    const bought = viewer ? await purchases.among(viewer.id, lookup) : new Set<number>();
    return new Map(posts.map((post) => [post.id, accessOf(viewer, post, bought.has(post.id))]));
  }

  /** Adds a reader's grant to one of our upload URLs (a variant's `w`/`q` are kept). */
  function grantUrl(url: string, now = Date.now()): string {
    const name = uploadNameOf(url);
    if (!name) return url;
    const grant = grants.grant(name, now);
    const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
    query.set('e', grant.e);
    query.set('s', grant.s);
    return `/api/uploads/${name}?${query.toString()}`;
  }

  /**
   * May this caller fetch this upload (or a variant of it)? An image of a paid note is free
   * when it is the note's first image; the others need access to the note or a grant.
   */
  async function uploadAccess(
    viewer: PaywallViewer | null,
    name: string,
    grant: Partial<UploadGrant> = {},
    now = Date.now(),
  ): Promise<UploadAccess> {
    const post = await repository.uploadPost(name);
    if (!post || post.price_cents <= 0) return 'public';
    const first = firstImageUrl(post.images);
    if (first !== null && uploadNameOf(first) === name) return 'public';
    if (grants.isValid(name, grant, now)) return 'granted';
    const [access] = (await accessFor(viewer, [{ ...post, id: post.post_id }])).values();
    return access?.canRead ? 'granted' : 'denied';
  }

  return {
    accessFor,

    async canRead(viewer: PaywallViewer | null, post: PricedPost): Promise<boolean> {
      return (await accessFor(viewer, [post])).get(post.id)?.canRead ?? false;
    },

    async readablePostIds(viewer: PaywallViewer | null, posts: PricedPost[]): Promise<Set<number>> {
      const access = await accessFor(viewer, posts);
      return new Set([...access].filter(([, each]) => each.canRead).map(([id]) => id));
    },

    /**
     * What of a note's body and images the caller receives. Without access: the preview and
     * the first image. With access to a paid note: everything, image URLs carrying a grant.
     */
    present<Image extends { url: string }>(
      post: { content: string; images: Image[]; price_cents: number },
      access: PostAccess,
      now = Date.now(),
    ): { content: string; images: Image[] } {
      if (post.price_cents <= 0) return { content: post.content, images: post.images };
      if (!access.canRead) {
        return {
          content: previewOf(post.content, post.images[0]?.url ?? null),
          images: post.images.slice(0, 1),
        };
      }
      return {
        content: post.content.replace(UPLOAD_IN_TEXT, (url) => grantUrl(url, now)),
        images: post.images.map((image) => ({ ...image, url: grantUrl(image.url, now) })),
      };
    },

    grantUrl,

    uploadAccess,

    async canReadUpload(
      viewer: PaywallViewer | null,
      name: string,
      grant: Partial<UploadGrant> = {},
    ): Promise<boolean> {
      return (await uploadAccess(viewer, name, grant)) !== 'denied';
    },
  };
}

export type Paywall = ReturnType<typeof createPaywall>;
