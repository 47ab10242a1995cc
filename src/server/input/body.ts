/**
 * Reading JSON bodies by hand rather than with JSON schemas: the account calls must answer the exact texts
 * ('Missing phone parameter' …), which schema errors cannot produce.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-error.ts';

export type Body = Record<string, unknown>;

/** The body as an object; no body is an empty one, any other JSON value is a 400. */
export function bodyOf(req: FastifyRequest): Body {
  const body = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid request body');
  return body as Body;
}

export const isMissing = (v: unknown) => v === undefined || v === null || v === '';

/** A required non-blank string of at most `max` characters, trimmed. */
export function requiredText(body: Body, key: string, max = 100): string {
  const v = body[key];
  if (isMissing(v) || (typeof v === 'string' && !v.trim())) throw badRequest(`Missing ${key} parameter`, key);
  if (typeof v !== 'string' || v.trim().length > max) throw badRequest(`Invalid ${key}`, key);
  return v.trim();
}

/** An optional boolean; anything but true/false is a 400. */
export function optionalBool(body: Body, key: string): boolean | undefined {
  const v = body[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw badRequest(`Invalid ${key}`, key);
  return v;
}

/** Only the listed keys may appear (PATCH bodies): an unknown field is a 400 naming it. */
export function onlyKeys(body: Body, allowed: readonly string[]): void {
  const unknown = Object.keys(body).find((k) => !allowed.includes(k));
  if (unknown !== undefined) throw badRequest(`Unknown field ${unknown}`, unknown);
}

/** The client's address for per-address limits (req.ip honours TRUST_PROXY). */
export const addressOf = (req: FastifyRequest): string => req.ip || 'unknown';
