/**
 * No cache keeps a secret: the test walks the OpenAPI document, finds every success answer that carries a token,
 * key or code (by field name, with the public keys of config.json, the menu's catalogue keys and the post code set aside), and calls each
 * such route: whatever it answers (here mostly a 401 or 400, for no credentials were sent) is
 * `Cache-Control: no-store`. A profile's answer is checked as a success too. Both engines.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from './harness.ts';
import { customer } from './queue-helpers.ts';

/** Names that look like a secret; the public ones are set aside by name, so a new secret field is never missed. */
const LOOKS_SECRET = /token|key|code|ticket|secret/i;
const PUBLIC = new Set(['mapsKey', 'vapidKey', 'post_code', 'catalogue_key']);

const noStore = suite('no-store on every answer carrying a secret');
let h: Harness;
noStore.before(async () => {
  h = await harness();
});
noStore.after(async () => h.close());

function secretFields(schema: unknown, out: Set<string>, seen = new Set<unknown>()): Set<string> {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return out;
  seen.add(schema);
  const props = (schema as { properties?: Record<string, unknown> }).properties;
  if (props && typeof props === 'object') for (const k of Object.keys(props)) if (LOOKS_SECRET.test(k) && !PUBLIC.has(k)) out.add(k);
  for (const v of Object.values(schema)) secretFields(v, out, seen);
  return out;
}

noStore('every operation whose answer carries a token, key or code answers no-store', async () => {
  const doc = (await h.app.inject({ url: '/api/openapi.json' })).json();
  const checked: string[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document as parsed JSON.
  for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const fields = new Set<string>();
      for (const [status, answer] of Object.entries(op.responses ?? {})) if (status.startsWith('2')) secretFields(answer, fields);
      if (!fields.size) continue;
      const url = path.replace('{locale}', 'fi').replace(/\{[^}]+\}/g, '1');
      const res = await h.app.inject({ method: method.toUpperCase() as 'GET', url, payload: method === 'get' ? undefined : {} });
      assert.is(
        res.headers['cache-control'],
        'no-store',
        `${method.toUpperCase()} ${path} (${[...fields].join(', ')}) answered ${res.statusCode}`,
      );
      checked.push(`${method} ${path}`);
    }
  }
  // The sessions, the device key, the pairing codes, the stream tickets, the profile's codes and push token.
  for (const expected of [
    'post /api/{locale}/login/',
    'post /api/{locale}/customers/{id}/phone/confirm/',
    'post /api/{locale}/operator/pairing/',
    'post /api/{locale}/operator/pobs/{id}/pairing-codes/',
    'post /api/{locale}/customers/{id}/orders/{orderId}/events/ticket/',
    'post /api/{locale}/operator/pobs/{id}/events/ticket/',
  ]) {
    assert.ok(checked.includes(expected), `${expected} was found and checked`);
  }
  assert.ok(checked.length >= 12, `${checked.length} operations checked`);
});

noStore('a success carrying codes is no-store; a public read is not', async () => {
  const c = await customer(h);
  const ticket = await h.app.inject({ method: 'GET', url: `/api/fi/customers/${c.id}/`, headers: { authorization: `Bearer ${c.token}` } });
  assert.is(ticket.statusCode, 200, ticket.body);
  assert.is(ticket.headers['cache-control'], 'no-store');
  const shops = await h.app.inject({ url: '/api/fi/pobs/' });
  assert.is(shops.statusCode, 200);
  assert.is.not(shops.headers['cache-control'], 'no-store');
});

noStore.run();
