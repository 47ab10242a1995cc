/**
 * Access tokens: JWT, HS256 (jose), 15 minutes, `typ: access`. Refresh tokens: 32 random bytes, opaque,
 * kept server-side only as a SHA-256, so they can be revoked and a leaked table holds no live session.
 * The signing key is JWT_SECRET, or one generated once and kept in the database so every process shares it.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/db.ts';
import type { Config } from '../config.ts';
import { secretOrCreate } from '../repos/tokens.ts';

const ISSUER = 'walkin-queue';
const AUDIENCE = 'walkin-api';

export interface Keys {
  /** HS256 key of the access JWTs. */
  jwt: Uint8Array;
  /** HMAC key of the SMS codes, derived from the same secret so there is one secret to rotate. */
  codes: Buffer;
}

/** Reads the keys once at start-up (build-deps.ts): JWT_SECRET, or the secret kept in (or now created in) the database. */
export async function loadKeys(db: Db, config: Pick<Config, 'jwtSecret'>): Promise<Keys> {
  const secret = config.jwtSecret ?? (await secretOrCreate(db, 'jwt', randomBytes(32).toString('base64url')));
  return {
    jwt: new TextEncoder().encode(secret),
    codes: createHmac('sha256', secret).update('sms-code-key-v1').digest(),
  };
}

export async function signAccessToken(keys: Keys, customerId: number, now: number, ttlMs: number): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(customerId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.floor(ttlMs / 1000))
    .sign(keys.jwt);
}

/** The payload of a token this service signed for `audience`, unexpired at `now`; throws when it is not one. */
export async function verifiedPayload(keys: Keys, token: string, audience: string, now: number, requiredClaims: string[]) {
  const { payload } = await jwtVerify(token, keys.jwt, {
    algorithms: ['HS256'],
    issuer: ISSUER,
    audience,
    currentDate: new Date(now),
    requiredClaims,
  });
  return payload;
}

/** The customer id of a valid, unexpired access token; null for anything else (garbage, expired, refresh token). */
export async function verifyAccessToken(keys: Keys, token: string, now: number): Promise<number | null> {
  try {
    const payload = await verifiedPayload(keys, token, AUDIENCE, now, ['exp', 'sub']);
    if (payload.typ !== 'access' || !/^[1-9]\d{0,9}$/.test(payload.sub ?? '')) return null;
    return Number(payload.sub);
  } catch {
    return null;
  }
}

/** A new opaque refresh token (prefixed so logs and users can tell it from an access token). */
export const newRefreshToken = (): string => `rt_${randomBytes(32).toString('base64url')}`;

/** Refresh tokens carry 256 random bits: a plain SHA-256 is enough to store them. */
export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The SMS code's stored form: bound to the phone and keyed, so a leaked table cannot be brute-forced offline. */
export const hashCode = (keys: Keys, phone: string, code: string): string =>
  createHmac('sha256', keys.codes).update(`${phone}:${code}`).digest('hex');

/** The bearer token of an Authorization header, or null. */
export function bearerOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '');
  return m ? m[1] : null;
}
