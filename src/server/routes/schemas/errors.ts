/**
 * Schema errors as the exact texts the hand-written checks give (the texts the app matches, and the 400s of the routes):
 * the answer to a bad request does not depend on whether a schema or a handler caught it.
 */
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { badRequest, type HttpError } from '../../lib/http-error.ts';

/** The field named by an error: the first segment of its path, or the property a root keyword names. */
function fieldOf(e: FastifySchemaValidationError): string | undefined {
  const first = e.instancePath.split('/')[1];
  // A JSON pointer escapes '/' and '~'.
  return first === undefined ? undefined : first.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Fastify's setSchemaErrorFormatter: Ajv stops at the first error (allErrors off), which is the one answered. */
export function schemaError(errors: FastifySchemaValidationError[], dataVar: string): HttpError {
  const e = errors[0];
  // Every path parameter is an id, read by parseId as 'Invalid id' (the locale has no schema constraint: an
  // unknown one is a 404 of the /api/:locale/ hook, before validation).
  if (dataVar === 'params') return badRequest('Invalid id', 'id');
  const field = e ? fieldOf(e) : undefined;
  if (field !== undefined) return badRequest(`Invalid ${field}`, field);
  const p = (e?.params ?? {}) as { missingProperty?: string; additionalProperty?: string };
  if (e?.keyword === 'required' && p.missingProperty) return badRequest(`Missing ${p.missingProperty} parameter`, p.missingProperty);
  // PATCH bodies (onlyKeys): the first unknown field in the body's order.
  if (e?.keyword === 'additionalProperties' && p.additionalProperty)
    return badRequest(`Unknown field ${p.additionalProperty}`, p.additionalProperty);
  // The body itself is not an object (bodyOf).
  return badRequest(dataVar === 'body' ? 'Invalid request body' : 'Invalid request');
}
