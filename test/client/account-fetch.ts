/**
 * A stubbed fetch for the account tests: routes by method and path (after /api/{locale}), records every
 * call with its body and bearer, and puts the previous fetch back on `restore()`.
 */
import type { WireProfile } from '../../src/shared/wire-account.ts';

export interface Call {
  method: string;
  path: string;
  /** The query string, e.g. '?lang=fi' ('' without one). */
  query: string;
  body: unknown;
  bearer: string | null;
  /** The Idempotency-Key header, if sent (order POST). */
  idempotencyKey: string | null;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Answer = Reply | ((call: Call) => Reply);

export function stubFetch(routes: Record<string, Answer | Answer[]>) {
  const previous = globalThis.fetch;
  const calls: Call[] = [];
  const queues = new Map<string, Answer[]>();
  for (const [k, v] of Object.entries(routes)) queues.set(k, Array.isArray(v) ? [...v] : [v]);
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost:8080');
    const path = url.pathname.replace(/^\/api\/[a-z]{2}/, '');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: Call = {
      method: init.method ?? 'GET',
      path,
      query: url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      bearer: headers.authorization?.replace(/^Bearer /, '') ?? null,
      idempotencyKey: headers['idempotency-key'] ?? null,
    };
    calls.push(call);
    const queue = queues.get(`${call.method} ${path}`);
    if (!queue || queue.length === 0) return new Response(JSON.stringify({ error: `no stub for ${call.method} ${path}` }), { status: 404 });
    // The last answer repeats; earlier ones are used once each, in order.
    const next = queue.length > 1 ? queue.shift()! : queue[0];
    const a = typeof next === 'function' ? next(call) : next;
    const status = a.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(a.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json', ...a.headers },
    });
  }) as typeof fetch;
  return {
    calls,
    restore() {
      globalThis.fetch = previous;
    },
  };
}

export function wireProfile(extra: Partial<WireProfile> = {}): WireProfile {
  return {
    id: 7,
    firstname: 'Matti',
    lastname: 'Meikäläinen',
    phone: '+358401234567',
    email: 'matti@example.com',
    city: 'Helsinki',
    date_of_birth: null,
    sex: null,
    street_address: null,
    post_code: null,
    tutorial_seen: true,
    allow_email: false,
    allow_sms: true,
    phone_proven: true,
    app_language: 'fi_FI',
    language: 'fi',
    fcm_token: null,
    alert_lead_minutes: null,
    active_order_id: null,
    membership: null,
    bonus: null,
    ...extra,
  };
}

export const goldMembership = {
  type: 'gold' as const,
  priority: 2,
  begin_date: '2024-01-01',
  end_date: '2026-12-31',
  credits: 4,
  wp_prem_credits: 2,
  wp_prod_credits: 1,
};

export const tokens = { customer_id: 7, access_token: 'access-1', refresh_token: 'refresh-1' };
