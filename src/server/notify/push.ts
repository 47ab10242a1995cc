/**
 * Push through the FCM HTTP v1 API: POST {endpoint}/v1/projects/{project}/messages:send
 * with an OAuth bearer. The bearer comes from a service account (a JWT signed with its key, exchanged at its
 * token_uri, cached until shortly before it expires) or is given as is (FCM_ACCESS_TOKEN, for a proxy that
 * adds its own credentials). Endpoint and token_uri are configurable, so tests point both at a local fake.
 * Without a project and credentials push is off: pushFromConfig answers null and nobody is pushed.
 */
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import type { FcmConfig, ServiceAccount } from '../config-values.ts';

export interface PushMessage {
  token: string;
  title: string;
  body: string;
  /** String values only (FCM's rule). */
  data?: Record<string, string>;
  /** Opened when the notification is tapped (web push). */
  link?: string;
}

/** sent: FCM took it; unregistered: the token is dead (uninstalled, expired) and should be forgotten. */
export type PushOutcome = 'sent' | 'unregistered';

export interface PushSender {
  send(message: PushMessage): Promise<PushOutcome>;
}

export class PushError extends Error {}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

type Fetch = typeof fetch;

/** A bearer source; `fresh` forgets a cached token (after a 401). */
export type TokenSource = (fresh?: boolean) => Promise<string>;

export function staticToken(token: string): TokenSource {
  return async () => token;
}

/** OAuth 2.0 JWT bearer grant with the service account's key; the token is cached until a minute before expiry. */
export function serviceAccountToken(sa: ServiceAccount, opts: { fetch?: Fetch; now?: () => number; timeoutMs?: number } = {}): TokenSource {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const tokenUri = sa.token_uri || GOOGLE_TOKEN_URI;
  let cached: { token: string; until: number } | null = null;
  let key: Promise<CryptoKey> | null = null;
  return async (fresh = false) => {
    if (!fresh && cached && now() < cached.until) return cached.token;
    key ??= importPKCS8(sa.private_key, 'RS256');
    const iat = Math.floor(now() / 1000);
    const header: { alg: 'RS256'; typ: 'JWT'; kid?: string } = { alg: 'RS256', typ: 'JWT' };
    if (sa.private_key_id) header.kid = sa.private_key_id;
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader(header)
      .setIssuer(sa.client_email)
      .setSubject(sa.client_email)
      .setAudience(tokenUri)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(await key);
    let res: Response;
    try {
      res = await doFetch(tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new PushError(`OAuth token endpoint unreachable: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!res.ok || !body?.access_token) throw new PushError(`OAuth token endpoint answered ${res.status}`);
    cached = { token: body.access_token, until: now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000 };
    return cached.token;
  };
}

/** Whether an FCM error answer means the device token is gone for good. */
function deadToken(status: number, body: unknown): boolean {
  const err = (body as { error?: { status?: string; details?: { errorCode?: string }[] } } | null)?.error;
  const codes = [err?.status, ...(err?.details ?? []).map((d) => d.errorCode)];
  if (codes.includes('UNREGISTERED')) return true;
  return status === 404;
}

export function fcmSender(opts: {
  endpoint: string;
  projectId: string;
  token: TokenSource;
  fetch?: Fetch;
  timeoutMs?: number;
}): PushSender {
  const doFetch = opts.fetch ?? fetch;
  const url = `${opts.endpoint.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(opts.projectId)}/messages:send`;
  const post = async (bearer: string, payload: string) => {
    try {
      return await doFetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: payload,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new PushError(`FCM unreachable: ${(err as Error).message}`);
    }
  };
  return {
    async send(m) {
      const message: Record<string, unknown> = { token: m.token, notification: { title: m.title, body: m.body } };
      if (m.data) message.data = m.data;
      if (m.link) message.webpush = { fcm_options: { link: m.link } };
      const payload = JSON.stringify({ message });
      let res = await post(await opts.token(), payload);
      // An expired or revoked bearer: fetch a fresh one once.
      if (res.status === 401) {
        await res.arrayBuffer().catch(() => undefined);
        res = await post(await opts.token(true), payload);
      }
      const body = await res.json().catch(() => null);
      if (res.ok) return 'sent';
      if (deadToken(res.status, body)) return 'unregistered';
      throw new PushError(`FCM answered ${res.status}`);
    },
  };
}

export function pushFromConfig(fcm: FcmConfig | null, now?: () => number): PushSender | null {
  if (!fcm) return null;
  const token = fcm.accessToken ? staticToken(fcm.accessToken) : serviceAccountToken(fcm.serviceAccount!, { now });
  return fcmSender({ endpoint: fcm.endpoint, projectId: fcm.projectId, token });
}
