/**
 * Sending SMS. One interface, two providers:
 * - `log`: writes the message to the server log; in development mode it also keeps the last messages for
 *   `GET /dev/sms-outbox`, so tests and the demo can read a code without a phone.
 * - `http`: POSTs `{ to, text }` as JSON with a bearer token to a gateway URL (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN).
 */
import type { Config } from '../config.ts';

export interface SmsProvider {
  readonly name: string;
  /** Resolves when the provider accepted the message; rejects otherwise. */
  send(to: string, text: string): Promise<void>;
  /** The development outbox, newest first; null when this provider keeps none. */
  outbox(): SmsOutboxEntry[] | null;
}

export interface SmsOutboxEntry {
  to: string;
  text: string;
  at: string; // ISO
}

interface Log {
  warn(obj: object, msg: string): void;
}

const OUTBOX_SIZE = 100;

export function logSms(opts: { log?: Log; keepOutbox: boolean; now?: () => number }): SmsProvider {
  const kept: SmsOutboxEntry[] = [];
  const now = opts.now ?? Date.now;
  return {
    name: 'log',
    async send(to, text) {
      // warn, not info: the default log level must show it, and it is worth noticing that no SMS left.
      opts.log?.warn({ to, text }, 'SMS (log provider, not sent)');
      if (!opts.keepOutbox) return;
      kept.unshift({ to, text, at: new Date(now()).toISOString() });
      kept.length = Math.min(kept.length, OUTBOX_SIZE);
    },
    outbox: () => (opts.keepOutbox ? [...kept] : null),
  };
}

export class SmsGatewayError extends Error {}

export function httpSms(opts: { url: string; token: string | null; timeoutMs?: number; fetch?: typeof fetch }): SmsProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'http',
    async send(to, text) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let res: Response;
      try {
        res = await doFetch(opts.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new SmsGatewayError(`SMS gateway unreachable: ${(err as Error).message}`);
      }
      // Drain the body so the connection is reused; its content is not needed.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new SmsGatewayError(`SMS gateway answered ${res.status}`);
    },
    outbox: () => null,
  };
}

export function smsFromConfig(
  config: Pick<Config, 'smsProvider' | 'smsGatewayUrl' | 'smsGatewayToken' | 'development'>,
  log?: Log,
  now?: () => number,
): SmsProvider {
  if (config.smsProvider === 'http' && config.smsGatewayUrl) return httpSms({ url: config.smsGatewayUrl, token: config.smsGatewayToken });
  return logSms({ log, keepOutbox: config.development, now });
}
