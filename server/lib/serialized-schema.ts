import fastJson from 'fast-json-stringify';
import type { RouteOptions } from 'fastify';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What an `anyOf` means when it is only a nullable type or a set of string constants. */
function simpleAnyOf(options: Schema[], siblings: Schema): Schema | null {
  const nullable = options.some((option) => option.type === 'null');
  const rest = options.filter((option) => option.type !== 'null');
  if (rest.length > 0 && rest.every((option) => option.type === 'string' && 'const' in option)) {
    const values = rest.map((option) => option.const);
    return {
      ...siblings,
      type: nullable ? ['string', 'null'] : 'string',
      enum: nullable ? [...values, null] : values,
    };
  }
  const [only] = rest;
  if (nullable && rest.length === 1 && typeof only.type === 'string') {
    const values = Array.isArray(only.enum) ? { enum: [...(only.enum as unknown[]), null] } : {};
    return { ...siblings, ...only, type: [only.type, 'null'], ...values };
  }
  return null;
}

/**
 * A response schema as fast-json-stringify serialises it fastest, meaning the same: TypeBox's
 * `Type.Union([X, Type.Null()])` and unions of string literals become JSON Schema type lists and
 * enums. fast-json-stringify picks an `anyOf` branch with an Ajv validator that it builds on the
 * route's first answer, some 70 ms on the thread that answers requests (measured on the note
 * list's schema), and runs one per field of every card after that; a type list is a `typeof`.
 * Other unions are kept as they are. The contract's schemas are shared, so this returns copies.
 */
export function serializedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serializedSchema);
  if (!isSchema(schema)) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = serializedSchema(value);
  const { anyOf, ...siblings } = copy;
  if (!Array.isArray(anyOf) || !anyOf.every(isSchema)) return copy;
  return simpleAnyOf(anyOf, siblings) ?? copy;
}

/**
 * A writer of `schema`'s JSON as Fastify writes an answer under it: fast-json-stringify, from
 * `serializedSchema`. It writes only the fields the schema names.
 */
export const schemaWriter = (schema: unknown): ((value: object) => string) =>
  fastJson(serializedSchema(schema) as object);

/** An onRoute hook: every response schema of the route as `serializedSchema` makes it. */
export function serializeResponsesSimply(route: RouteOptions): void {
  const responses = route.schema?.response;
  if (!isSchema(responses)) return;
  route.schema = {
    ...route.schema,
    response: Object.fromEntries(
      Object.entries(responses).map(([status, schema]) => [status, serializedSchema(schema)]),
    ),
  };
}
