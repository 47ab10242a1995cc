/** Small request-parsing helpers the thin route handlers share. */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { appLanguage, type Language, languageOfLocale } from '../../shared/locales.ts';
import { badRequest } from '../lib/http-error.ts';

// Ids are Postgres `integer`s; a larger number names nothing, so callers answer 404 without asking the database.
const MAX_ID = 2_147_483_647;

/** A positive integer path id; anything else is a 400. Returns null for an id too large to exist. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) throw badRequest('Invalid id', 'id');
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/** Development mode, or a request that asks for it with ?dev=1 (the app's stored development flag). */
export function wantsDev(req: FastifyRequest, config: Pick<Config, 'development'>): boolean {
  const dev = (req.query as Record<string, unknown> | undefined)?.dev;
  return config.development || dev === '1' || dev === 'true';
}

/**
 * The catalogue's language from ?lang= (either spelling: "et" is "ee"); an unknown or missing one is the locale's
 * (a public read has no stored language; docs/decisions.md, "One language per answer").
 */
export function catalogueLanguage(req: FastifyRequest): Language {
  return readerLanguage(req) ?? languageOfLocale(req.locale);
}

/** The reader's language from ?lang= for texts that have one as written (an order's services): null without it. */
export function readerLanguage(req: FastifyRequest): Language | null {
  return appLanguage((req.query as Record<string, unknown> | undefined)?.lang);
}
