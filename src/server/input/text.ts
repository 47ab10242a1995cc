/**
 * Text as the database and every reader can take it: no control characters (C0, DEL, C1). PostgreSQL cannot
 * store NUL in `text` at all (a 500 before this check), and the others have no place in a name, an e-mail, a
 * phone or a token. Checked once for every route (app.ts runs `plainTextHook` before each handler), so the
 * 400 comes before any password hash or rate limit is spent and no route can forget it.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Top-level body fields that may carry line breaks and tabs (a client event's `message` and `stack`). */
    multilineText?: readonly string[];
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// The same without \t (U+0009) and \n (U+000A).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for.
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Whether a string holds a control character (\n and \t allowed when `multiline`). */
export function hasControl(s: string, multiline = false): boolean {
  return (multiline ? CONTROL_BUT_LINES : CONTROL).test(s);
}

/** A string with a control character is a 400 naming its field; anything else passes unchanged. */
export function assertPlainText(value: unknown, field: string, multiline = false): void {
  if (typeof value === 'string' && hasControl(value, multiline)) throw badRequest(`Invalid ${field}`, field);
}

/**
 * Every text of a body or query: its top-level strings and the strings of its top-level arrays, named by their
 * top-level field. Nested objects (an order item's `service_info`, the client's copy of the menu) are never
 * read as text by the server, so a description with a line break in them is no error.
 */
export function assertTextFields(values: unknown, multiline: readonly string[] = []): void {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return;
  for (const [field, v] of Object.entries(values as Record<string, unknown>)) {
    const lines = multiline.includes(field);
    if (Array.isArray(v)) for (const x of v) assertPlainText(x, field, lines);
    else assertPlainText(v, field, lines);
  }
}

/**
 * The preHandler app.ts installs for every route: after authentication and schemas, before the handler. A callback
 * hook, not an async one: it runs on every request, and a promise per request is measurable on the kept reads.
 */
export function plainTextHook(req: FastifyRequest, _reply: unknown, done: (err?: Error) => void): void {
  let refused: Error | undefined;
  try {
    assertTextFields(req.query);
    assertTextFields(req.body, req.routeOptions.config?.multilineText ?? []);
  } catch (err) {
    refused = err as Error;
  }
  done(refused);
}
