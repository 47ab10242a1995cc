/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a successful login leaves an
 * HttpOnly cookie naming the phone that logged in on this device, signed with the access tokens' key (so every
 * process accepts it). A later login for that phone that brings a valid cookie is counted against the cookie
 * alone (LOGIN_LIMIT_DEVICE), not against the phone's or the address's limits: strangers who spend the phone's
 * limits cannot lock its owner out of a device that logged in before, and an attacker without such a cookie stays
 * under every limit. A cookie that meets its own limit is as good as none until its attempts leave the window.
 */
import { randomBytes } from 'node:crypto';
import { errors, SignJWT } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifiedPayload, type Keys } from './tokens.ts';

export const DEVICE_COOKIE = 'device';
/** How long a device stays known without logging in again. */
export const DEVICE_COOKIE_DAYS = 180;
const ISSUER = 'walkin-queue';
const AUDIENCE = 'walkin-device';

/** A fresh cookie value for the phone: its own random id (the key its attempts are counted under). */
export async function signDeviceCookie(keys: Keys, phone: string, now: number): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(phone)
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + DEVICE_COOKIE_DAYS * 86_400)
    .sign(keys.jwt);
}

/** The cookie's id when it is valid and names this phone; null for anything else. */
export async function deviceOf(keys: Keys, value: string | null, phone: string, now: number): Promise<string | null> {
  if (!value || value.length > 1024) return null;
  try {
    const payload = await verifiedPayload(keys, value, AUDIENCE, now, ['exp', 'sub', 'jti']);
    return payload.sub === phone && typeof payload.jti === 'string' ? payload.jti : null;
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}

/** The request's device cookie, if any (the client is served from the same origin, so fetch sends it). */
export function deviceCookieOf(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === DEVICE_COOKIE) return part.slice(at + 1).trim() || null;
  }
  return null;
}

/** Sets the cookie: only the API sees it, never a script; Secure whenever the request came over HTTPS. */
export function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, value: string): void {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${value}; Path=/api/; Max-Age=${DEVICE_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure}`,
  );
}
