import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { PostCard, PostList } from '../../../contract/post.ts';
import type { SearchHighlights } from '../../../contract/post.ts';
import { schemaWriter } from '../../lib/serialized-schema.ts';
import { cardListJson, everyReaderPart, readerPartPieces, writtenCard } from './card-list.ts';
import type { CardList, ReaderFlags } from './card-list.ts';
import type { PostCardRow } from './post-repository.ts';
import type { PublicCard } from './present-post.ts';

/** A page of these cards, as feeds and searches keep them and write them. */
type CardPage = Omit<CardList, 'cards'> & { cards: PublicCard[] };

const written = (page: CardPage): CardList => ({ ...page, cards: page.cards.map(writtenCard) });

/** The page as an object, as the API's `PostList` names it. */
function cardListValue(list: CardPage): PostList {
  return {
    posts: list.cards.map(({ card }, at) => ({
      ...card,
      ...list.flags[at],
      ...(list.highlights && { highlights: list.highlights[at] }),
    })),
    total: list.total,
    page: list.page,
    pages: list.pages,
    ...(list.nextCursor !== undefined && { nextCursor: list.nextCursor }),
  };
}

const textOf = (list: CardPage): string => cardListJson(written(list)).toString('utf8');

/** What Fastify writes for a `PostList` answer given as an object. */
const bySchema = schemaWriter(PostList);

function publicCard(id: number, changes: Partial<PostCard> = {}): PublicCard {
  const card: PostCard = {
    _id: String(id),
    id: String(id),
    title: `标题 ${id} "引号" \\ 换行\n</script>`,
    excerpt: '摘要 😀 \u2028 tab\t',
    cover: { url: `/api/uploads/${id}.jpg`, width: 1080, height: 608 },
    category: { _id: '2', id: '2', slug: 'coding', name: '编程' },
    categoryId: '2',
    tags: ['编程', 'AI'],
    status: 'approved',
    rejectReason: null,
    author: { _id: '7', id: '7', username: '作者', avatar: '/a.png', isPremium: true },
    likesCount: 3,
    favoritesCount: 1,
    commentsCount: 0,
    isLiked: false,
    isFavorited: false,
    isPinned: id === 1,
    price: 0,
    isPaid: false,
    canRead: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-02T00:00:00.000Z',
    publishedAt: '2026-11-02T00:00:00.000Z',
    ...changes,
  };
  return { row: { id, author_id: 7, price_cents: card.price * 100 } as PostCardRow, card };
}

const flags = (canRead: boolean): ReaderFlags => ({
  isLiked: !canRead,
  isFavorited: canRead,
  isPaid: !canRead,
  canRead,
});

const lists: Record<string, CardPage> = {
  'a feed page with a next page': {
    cards: [
      publicCard(1),
      publicCard(2, { cover: null, rejectReason: '不合适', price: 9.9, publishedAt: null }),
    ],
    flags: [flags(true), flags(false)],
    total: 42,
    page: 1,
    pages: 3,
    nextCursor: 'eyJ2IjoxfQ',
  },
  'the last feed page': {
    cards: [publicCard(3)],
    flags: [flags(true)],
    total: 1,
    page: 1,
    pages: 1,
    nextCursor: null,
  },
  'a search page with highlights': {
    cards: [publicCard(4), publicCard(5)],
    flags: [flags(true), flags(true)],
    highlights: [
      { title: [[0, 2]], excerpt: [] },
      { title: [], excerpt: [[1, 3]] },
    ],
    total: 1000,
    page: 2,
    pages: 50,
  },
  'an empty page': { cards: [], flags: [], total: 0, page: 1, pages: 0 },
};

describe('card list JSON', () => {
  it.each(Object.entries(lists))('says what the schema would write: %s', (_name, list) => {
    const text = textOf(list);
    expect(JSON.parse(text)).toEqual(JSON.parse(bySchema(cardListValue(list))));
    // Written again from the same kept cards, it is the same.
    const kept = written(list);
    expect(cardListJson(kept).toString('utf8')).toBe(cardListJson(kept).toString('utf8'));
    expect(cardListJson(kept).toString('utf8')).toBe(text);
  });

  it('keeps of a card what its reader part and highlights are worked out from', () => {
    const { row, card } = publicCard(8, { price: 5 });
    expect(writtenCard({ row, card })).toMatchObject({
      id: 8,
      author_id: 7,
      price_cents: 500,
      title: card.title,
      excerpt: card.excerpt,
    });
  });

  it('gives each reader their own flags on a card written once', () => {
    const card = writtenCard(publicCard(6, { price: 5 }));
    const page = (readerFlags: ReaderFlags) =>
      JSON.parse(
        cardListJson({ ...lists['an empty page'], cards: [card], flags: [readerFlags] }).toString(
          'utf8',
        ),
      ) as PostList;
    const first = page(flags(false));
    const second = page(flags(true));
    expect(first.posts[0]).toMatchObject(flags(false));
    expect(second.posts[0]).toMatchObject(flags(true));
    expect(second.posts[0].highlights).toBeUndefined();
  });

  it('never writes a field the schema does not name', () => {
    const card = publicCard(7);
    Object.assign(card.card, {
      content: '付费正文',
      author: { ...card.card.author, phone: '13800000000' },
    });
    const text = textOf({
      cards: [card],
      flags: [flags(false)],
      total: 1,
      page: 1,
      pages: 1,
    });
    expect(text).not.toContain('付费正文');
    expect(text).not.toContain('13800000000');
  });

  it('writes a reader part exactly as the schema does, whatever its flags and highlights', () => {
    const bySchemaPart = schemaWriter(Type.Pick(PostCard, everyReaderPart));
    const highlightCases: (SearchHighlights | undefined)[] = [
      undefined,
      { title: [], excerpt: [] },
      {
        title: [
          [0, 2],
          [6, 8],
          [9, 11],
        ],
        excerpt: [[42, 44]],
      },
    ];
    for (let bits = 0; bits < 16; bits += 1) {
      const readerFlags: ReaderFlags = {
        isLiked: (bits & 1) > 0,
        isFavorited: (bits & 2) > 0,
        isPaid: (bits & 4) > 0,
        canRead: (bits & 8) > 0,
      };
      for (const highlights of highlightCases) {
        const value = { ...readerFlags, ...(highlights && { highlights }) };
        expect(readerPartPieces(readerFlags, highlights).join('')).toBe(bySchemaPart(value));
      }
    }
    // Whatever else the flags' object holds stays out.
    const extra = { ...flags(true), content: '付费正文' } as ReaderFlags;
    expect(readerPartPieces(extra).join('')).not.toContain('付费正文');
  });
});
