import type { FastifyInstance } from 'fastify';
import type { ImageRef, Post } from '../../contract/post.ts';
import { createPost, publishedPost, uploadImage } from '../helpers/notes-test-kit.ts';
import { makeAdmin, registerUser } from '../helpers/test-app.ts';

export type Member = Awaited<ReturnType<typeof registerUser>>;

/** A word that appears only in the paid part of `paidNote`. */
export const PAID_MARKER = 'PAIDONLYMARKERZX';

/**
 * One of every resource the API knows, owned by `author` (the order by `buyer`), so that each
 * route can be called on something that exists, by someone who must be refused.
 */
export interface World {
  author: Member;
  intruder: Member;
  buyer: Member;
  admin: Member;
  freeNote: Post;
  paidNote: Post;
  pendingNote: Post;
  paidImages: ImageRef[];
  commentId: string;
  draftId: string;
  orderId: string;
  notificationId: string;
}

async function json<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  auth: Member['auth'],
  payload?: object,
): Promise<T> {
  const response = await app.inject({ method, url, headers: auth, payload });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json<T>();
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const [author, intruder, buyer, admin] = await Promise.all(
    ['author', 'intruder', 'buyer', 'admin'].map((prefix) => registerUser(app, prefix)),
  );
  await makeAdmin(app, admin.user.id);
  const paidImages = await Promise.all([1, 2].map(() => uploadImage(app, author.auth)));
  const freeNote = await publishedPost(app, author.auth, admin.auth, {
    title: '公开的安全测试笔记',
    content: '所有人都可以读到这篇笔记的全部内容。',
  });
  const paidNote = await publishedPost(app, author.auth, admin.auth, {
    title: '付费的安全测试笔记',
    content: [
      '开头这一段是免费预览。',
      ...Array.from({ length: 6 }, (_, index) => `免费第 ${index + 1} 段，介绍背景。`),
      `![图](${paidImages[1].url})`,
      ...Array.from({ length: 6 }, (_, index) => `付费第 ${index + 1} 段：${PAID_MARKER} 的细节。`),
    ].join('\n\n'),
    images: paidImages.map((image) => ({ url: image.url })),
    price: 9.9,
  });
  const pendingNote = await createPost(app, author.auth, { title: '等待审核的笔记' });
  const comment = await json<{ id: string }>(
    app,
    'POST',
    `/api/posts/${freeNote.id}/comments`,
    author.auth,
    { content: '作者自己的评论' },
  );
  // A comment by someone else gives the author a notification of their own.
  await json(app, 'POST', `/api/posts/${freeNote.id}/comments`, intruder.auth, {
    content: '路过留言',
  });
  const draft = await json<{ draft: { id: string } }>(app, 'POST', '/api/drafts', author.auth, {
    clientId: 'security-draft',
    title: '作者的草稿',
    data: { content: '草稿正文', categoryId: '1', tags: [], images: [], price: 0 },
    editedAt: new Date().toISOString(),
  });
  await json(app, 'POST', '/api/messages', author.auth, {
    recipientId: buyer.user.id,
    content: '只给买家看的私信',
  });
  const order = await json<{ order: { id: string } }>(
    app,
    'POST',
    '/api/payments/orders',
    buyer.auth,
    { kind: 'post', postId: paidNote.id },
  );
  const notifications = await json<{ notifications?: { id: string }[]; items?: { id: string }[] }>(
    app,
    'GET',
    '/api/notifications',
    author.auth,
  );
  const notificationList = notifications.notifications ?? notifications.items ?? [];
  return {
    author,
    intruder,
    buyer,
    admin,
    freeNote,
    paidNote,
    pendingNote,
    paidImages,
    commentId: comment.id,
    draftId: draft.draft.id,
    orderId: order.order.id,
    notificationId: notificationList[0]?.id ?? '1',
  };
}

/** The route's pattern with its parameters filled with the world's resources. */
export function fillParams(url: string, world: World, note: Post = world.freeNote): string {
  const noteId = url.startsWith('/api/posts/admin/') ? world.pendingNote.id : note.id;
  const values: Record<string, string> = {
    id: noteId,
    userId: world.buyer.user.id,
    name: world.paidImages[1].url.split('/').pop()!.split('?')[0],
    token: 'not-a-real-reset-token',
    type: 'wechat',
    provider: 'sandbox',
  };
  const contextual: [RegExp, string][] = [
    [/^\/api\/comments\/:id/, world.commentId],
    [/^\/api\/drafts\/:id/, world.draftId],
    [/^\/api\/notifications\/:id/, world.notificationId],
    [/^\/api\/payments\/orders\/:id/, world.orderId],
    [/^\/api\/(auth\/users|posts\/user)\/:id/, world.author.user.id],
  ];
  const override = contextual.find(([pattern]) => pattern.test(url))?.[1];
  return url.replace(/:(\w+)/g, (_, param: string) =>
    param === 'id' && override ? override : (values[param] ?? '1'),
  );
}
