import { Ajv } from 'ajv';
import type { Options } from 'ajv';
import ajvErrors from 'ajv-errors';
import type { FastifySchemaCompiler } from 'fastify';

function makeAjv(coerceTypes: Options['coerceTypes']) {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes,
    removeAdditional: true,
    useDefaults: true,
    strict: false,
    // `strict: false` would also let NaN and Infinity pass as numbers; they break the serializer.
    strictNumbers: true,
  });
  ajvErrors(ajv);
  return ajv;
}

// Query strings, params and headers arrive as text and must be coerced ("2" -> 2); a JSON body
// must not be: a number where a string belongs is bad input and gets a 400.
const coercing = makeAjv('array');
const strictTypes = makeAjv(false);

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strictTypes : coercing).compile(schema);
