import { createRequire } from 'node:module';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FavoriteList, LikedPosts, Post, PostList } from '../../contract/post.ts';
import type { PostList as PostListBody } from '../../contract/post.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { appWithNote } from '../../tests/helpers/notes-test-kit.ts';
import { serializedSchema } from './serialized-schema.ts';

const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as unknown;

describe('serializedSchema', () => {
  it('turns nullable types and string literal unions into type lists and enums', () => {
    const schema = Type.Object({
      name: Type.Union([Type.String(), Type.Null()]),
      cover: Type.Union([Type.Object({ url: Type.String() }), Type.Null()]),
      status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
      state: Type.Union([Type.Literal('on'), Type.Literal('off'), Type.Null()]),
      plan: Type.Union([Type.Union([Type.Literal('month'), Type.Literal('year')]), Type.Null()]),
    });
    const before = plain(schema);
    const { properties } = serializedSchema(schema) as { properties: Record<string, unknown> };
    expect(plain(properties)).toEqual({
      name: { type: ['string', 'null'] },
      cover: {
        type: ['object', 'null'],
        properties: { url: { type: 'string' } },
        required: ['url'],
      },
      status: { type: 'string', enum: ['open', 'closed'] },
      state: { type: ['string', 'null'], enum: ['on', 'off', null] },
      plan: { type: ['string', 'null'], enum: ['month', 'year', null] },
    });
    // The contract's schemas are shared with request validation: left as they were.
    expect(plain(schema)).toEqual(before);
  });

  it('keeps other unions as they are', () => {
    const either = Type.Union([Type.String(), Type.Number()]);
    const shapes = Type.Union([
      Type.Object({ kind: Type.Literal('a') }),
      Type.Object({ kind: Type.Literal('b') }),
      Type.Null(),
    ]);
    expect(plain(serializedSchema(either))).toEqual(plain(either));
    expect(plain(serializedSchema(shapes))).toEqual(plain(shapes));
  });

  it('leaves no union in the answers that carry note cards', () => {
    for (const schema of [PostList, Post, FavoriteList, LikedPosts]) {
      expect(JSON.stringify(serializedSchema(schema))).not.toMatch(/anyOf|oneOf/);
    }
  });
});

/**
 * fast-json-stringify picks an `anyOf` branch with an Ajv validator it compiles on the route's
 * first answer (`getSchema`); with every route's answers as serializedSchema makes them, a first
 * answer compiles none.
 */
describe('the first answers after a start', () => {
  let test: TestApp;
  let noteId: string;
  beforeAll(async () => {
    ({ test, noteId } = await appWithNote('第一次回答'));
  });
  afterAll(() => test.close());

  it('build no validator to serialise a list of cards or a note', async () => {
    const Ajv = createRequire(import.meta.url)('ajv') as {
      prototype: { getSchema: () => unknown };
    };
    const compiled = vi.spyOn(Ajv.prototype, 'getSchema');
    try {
      const list = await test.app.inject({ url: '/api/posts?sort=popular' });
      expect(list.json<PostListBody>().posts.map((post) => post.id)).toEqual([noteId]);
      const note = await test.app.inject({ url: `/api/posts/${noteId}` });
      expect(note.statusCode).toBe(200);
      expect(compiled).not.toHaveBeenCalled();
    } finally {
      compiled.mockRestore();
    }
  });
});
