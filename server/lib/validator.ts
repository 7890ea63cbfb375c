import { Ajv } from 'ajv';
import type { Options, ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import type { FastifySchemaCompiler } from 'fastify';
import { jsonLimitProblem } from './json-limits.ts';

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

/**
 * Coercion turns "Infinity" and "1e400" in a query string into Infinity, after the type check
 * that strictNumbers makes; values are checked once more so no non-finite number gets through.
 */
function finiteOnly(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const problem = jsonLimitProblem(data);
    checked.errors = problem
      ? [
          {
            keyword: 'errorMessage',
            message: problem,
            instancePath: '',
            schemaPath: '',
            params: {},
          },
        ]
      : null;
    return problem === null;
  }) as ValidateFunction;
  return checked;
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  httpPart === 'body' ? strictTypes.compile(schema) : finiteOnly(coercing.compile(schema));
