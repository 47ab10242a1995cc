/**
 * The signed link every alert SMS carries: opening it stops turn-alert SMS to that number for
 * good; recovery codes the owner asks for still go out. The link names the number and an HMAC of it under the
 * server's keys, so nobody can stop another number's alerts by guessing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Keys } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { notFound } from '../lib/http-error.ts';
import { stopTurnSms } from '../repos/notices.ts';
import { serverText } from './texts.ts';

/** What the link uses of the app's services: the server's keys and its public address. */
export interface StopLinkDeps {
  keys: Pick<Keys, 'codes'>;
  config: Pick<Config, 'publicUrl'>;
}

const signature = (deps: Pick<StopLinkDeps, 'keys'>, phone: string): string =>
  createHmac('sha256', deps.keys.codes).update(`sms-stop:${phone}`).digest('base64url').slice(0, 22);

/** The token of a number: its digits and their signature (short: it goes into an SMS). */
export const stopToken = (deps: Pick<StopLinkDeps, 'keys'>, phone: string): string =>
  `${phone.replace(/^\+/, '')}.${signature(deps, phone)}`;

/** The absolute link of a number's stop page, in the customer's language. */
export const stopLink = (deps: StopLinkDeps, phone: string, language: string): string =>
  `${deps.config.publicUrl}/sms-stop/${stopToken(deps, phone)}?lang=${encodeURIComponent(language)}`;

/** GET /sms-stop/{token}: stores the number's opt-out (a second visit changes nothing); a bad token is a 404. */
export async function stopBySignedLink(
  deps: Pick<StopLinkDeps, 'keys'> & { db: Db; now: () => number },
  token: string,
  language: string | undefined,
): Promise<{ ok: true; message: string }> {
  const m = /^([1-9]\d{7,14})\.([\w-]{22})$/.exec(token);
  const phone = m ? `+${m[1]}` : '';
  const given = Buffer.from(m?.[2] ?? '');
  const wanted = Buffer.from(m ? signature(deps, phone) : '');
  if (!m || given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw notFound('Unknown link');
  await stopTurnSms(deps.db, phone, deps.now());
  return { ok: true, message: serverText('server.sms.stopped', language, {}) };
}
