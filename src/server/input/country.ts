/** The client's country for locale detection (GET /locate/, the language and locale of a rendered page). */
import type { FastifyRequest } from 'fastify';

/** Country from a trusted proxy header, else the region of the first Accept-Language tag that has one. */
export function countryOf(req: Pick<FastifyRequest, 'headers'>, countryHeader: string | null): string | null {
  if (countryHeader) {
    const value = req.headers[countryHeader];
    const c = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
    if (c && /^[A-Z]{2}$/.test(c)) return c;
  }
  const accept = String(req.headers['accept-language'] ?? '');
  for (const part of accept.split(',')) {
    const m = /^\s*[a-zA-Z]{2,3}-([a-zA-Z]{2})\b/.exec(part);
    if (m) return m[1].toUpperCase();
  }
  return null;
}
