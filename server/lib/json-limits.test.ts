import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { errorText } from '../../contract/messages.ts';
import { JSON_MAX_DEPTH, jsonLimitProblem } from './json-limits.ts';
import { validatorCompiler } from './validator.ts';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
};

describe('JSON body limits', () => {
  it('accepts ordinary bodies up to the depth limit', () => {
    expect(jsonLimitProblem({ title: '标题', tags: ['a'], price: 9.9, ok: null })).toBeNull();
    expect(jsonLimitProblem(nested(JSON_MAX_DEPTH))).toBeNull();
  });

  it('refuses deeper nesting without overflowing the stack, and non-finite numbers', () => {
    expect(jsonLimitProblem(nested(JSON_MAX_DEPTH + 1))).toBe(errorText.jsonTooDeep);
    expect(jsonLimitProblem(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toBe(
      errorText.jsonTooDeep,
    );
    expect(jsonLimitProblem(JSON.parse('{"a":[1,1e309]}'))).toBe(errorText.jsonNumberOutOfRange);
    expect(jsonLimitProblem({ a: Number.NaN })).toBe(errorText.jsonNumberOutOfRange);
  });

  it('keeps NaN and Infinity out of number schemas too', () => {
    const validate = validatorCompiler({
      schema: Type.Object({ n: Type.Number() }),
      method: 'POST',
      url: '/',
      httpPart: 'body',
    }) as (value: unknown) => boolean;
    expect(validate({ n: 1.5 })).toBe(true);
    expect(validate({ n: Number.POSITIVE_INFINITY })).toBe(false);
    expect(validate({ n: Number.NaN })).toBe(false);
  });

  it('keeps coerced query numbers finite', () => {
    const validate = validatorCompiler({
      schema: Type.Object({ page: Type.Optional(Type.Number()) }),
      method: 'GET',
      url: '/',
      httpPart: 'querystring',
    }) as ((value: unknown) => boolean) & { errors?: Array<{ message?: string }> | null };
    expect(validate({ page: '2' })).toBe(true);
    for (const page of ['Infinity', '1e400', '-Infinity']) {
      expect(validate({ page }), page).toBe(false);
      expect(validate.errors?.[0]?.message).toBe(errorText.jsonNumberOutOfRange);
    }
  });
});
