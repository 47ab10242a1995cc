/**
 * Stream tickets: EventSource cannot send a bearer header, so a stream is opened with a short-lived ticket that
 * an authenticated call hands out. A ticket is a JWT (HS256, the access tokens' key, so every process accepts
 * it) for one thing: one customer's order, or one shop's queue; valid TICKET_TTL_S seconds. Its audience is not
 * the API's, so it is never an access token and an access token is never a ticket. Request lines never log it
 * (ops/log.ts replaces every query value).
 */
import { errors, SignJWT } from 'jose';
import { verifiedPayload, type Keys } from './tokens.ts';

export const TICKET_TTL_S = 60;
const ISSUER = 'walkin-queue';
const AUDIENCE = 'walkin-stream';

/**
 * What a ticket opens: a customer's order stream, or a shop's operator stream; a paired device's ticket names the
 * device (null: a shop key's), so revoking the device invalidates its tickets and ends its streams.
 */
export type TicketFor =
  | { kind: 'order'; customerId: number; orderId: number }
  | { kind: 'queue'; shopId: number; deviceId: number | null }
  /** The chain owner's stream of every shop: always one of his paired browsers (the subject). */
  | { kind: 'chain'; deviceId: number };

export async function signTicket(keys: Keys, what: TicketFor, now: number): Promise<string> {
  const iat = Math.floor(now / 1000);
  const claims =
    what.kind === 'order'
      ? { k: 'order', oid: what.orderId }
      : what.kind === 'chain'
        ? { k: 'chain' }
        : what.deviceId === null
          ? { k: 'queue' }
          : { k: 'queue', did: what.deviceId };
  const subject = what.kind === 'order' ? what.customerId : what.kind === 'chain' ? what.deviceId : what.shopId;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(subject))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TICKET_TTL_S)
    .sign(keys.jwt);
}

/** The ticket's subject, 'expired' for a valid one past its time, null for anything else. */
export async function verifyTicket(keys: Keys, ticket: string, now: number): Promise<TicketFor | 'expired' | null> {
  try {
    const payload = await verifiedPayload(keys, ticket, AUDIENCE, now, ['exp', 'sub', 'iat']);
    // Never longer than its time to live, whatever a key holder wrote into it.
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > TICKET_TTL_S) return null;
    const sub = /^[1-9]\d{0,9}$/.test(payload.sub ?? '') ? Number(payload.sub) : null;
    if (sub === null) return null;
    if (payload.k === 'queue') {
      if (payload.did === undefined) return { kind: 'queue', shopId: sub, deviceId: null };
      return Number.isInteger(payload.did) && (payload.did as number) > 0
        ? { kind: 'queue', shopId: sub, deviceId: payload.did as number }
        : null;
    }
    if (payload.k === 'chain') return { kind: 'chain', deviceId: sub };
    if (payload.k === 'order' && Number.isInteger(payload.oid) && (payload.oid as number) > 0)
      return { kind: 'order', customerId: sub, orderId: payload.oid as number };
    return null;
  } catch (err) {
    return err instanceof errors.JWTExpired ? 'expired' : null;
  }
}
