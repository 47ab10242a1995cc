import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../../harness.ts';

interface Operation {
  parameters?: { in: string; name: string; schema?: object }[];
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, object> } };

// The API, every call of the app and the console: a route added without being listed here fails the first test.
const OPERATIONS = [
  'GET /config.json',
  'GET /locate/',
  'GET /api/{locale}/locate/',
  'GET /dev/sms-outbox',
  'GET /api/{locale}/dev/sms-outbox',
  'GET /sms-stop/{token}',
  'GET /api/{locale}/pobs/',
  'GET /api/{locale}/pobs/{id}/',
  'GET /api/{locale}/pobs/{id}/events/',
  'GET /api/{locale}/employees/',
  'GET /api/{locale}/employees/{id}/',
  'POST /api/{locale}/register/',
  'POST /api/{locale}/login/',
  'POST /api/{locale}/refresh/',
  'POST /api/{locale}/logout/',
  'POST /api/{locale}/auth/reset-token/',
  'POST /api/{locale}/auth/phone-code/',
  'POST /api/{locale}/auth/phone-proof/',
  'POST /api/{locale}/auth/reset/',
  'POST /api/{locale}/password/',
  'GET /api/{locale}/customers/{id}/',
  'PATCH /api/{locale}/customers/{id}/',
  'GET /api/{locale}/customers/{id}/receipts/',
  'GET /api/{locale}/customers/{id}/messages/',
  'PATCH /api/{locale}/customers/{id}/messages/{mid}/',
  'POST /api/{locale}/customers/{id}/benefits/{bid}/redeem/',
  'POST /api/{locale}/customers/{id}/phone/',
  'POST /api/{locale}/customers/{id}/phone/confirm/',
  'GET /api/{locale}/customers/{id}/export/',
  'DELETE /api/{locale}/customers/{id}/',
  'POST /api/{locale}/bonus-teaser/',
  'POST /api/{locale}/customers/{id}/orders/',
  'POST /api/{locale}/customers/{id}/quote/',
  'GET /api/{locale}/customers/{id}/orders/{orderId}/',
  'PATCH /api/{locale}/customers/{id}/orders/{orderId}/',
  'POST /api/{locale}/customers/{id}/orders/{orderId}/move/',
  'POST /api/{locale}/customers/{id}/orders/{orderId}/events/ticket/',
  'GET /api/{locale}/customers/{id}/orders/{orderId}/events/',
  'GET /api/{locale}/operator/pobs/{id}/queue/',
  'POST /api/{locale}/operator/pobs/{id}/events/ticket/',
  'GET /api/{locale}/operator/pobs/{id}/events/',
  'POST /api/{locale}/operator/pobs/{id}/walk-ins/',
  'PATCH /api/{locale}/operator/pobs/{id}/',
  'POST /api/{locale}/operator/orders/{id}/start/',
  'POST /api/{locale}/operator/orders/{id}/finish/',
  'POST /api/{locale}/operator/orders/{id}/check-in/',
  'POST /api/{locale}/operator/orders/{id}/no-show/',
  'GET /api/{locale}/operator/me/',
  'POST /api/{locale}/operator/local/pobs/{id}/pairing-codes/',
  'POST /api/{locale}/operator/local/owner/pairing-codes/',
  'GET /api/{locale}/operator/local/owner/devices/',
  'DELETE /api/{locale}/operator/local/owner/devices/{deviceId}/',
  'GET /api/{locale}/operator/chain/',
  'POST /api/{locale}/operator/pobs/{id}/shifts/',
  'PATCH /api/{locale}/operator/pobs/{id}/shifts/{shiftId}/',
  'DELETE /api/{locale}/operator/pobs/{id}/shifts/{shiftId}/',
  'POST /api/{locale}/operator/chain/events/ticket/',
  'GET /api/{locale}/operator/chain/events/',
  'GET /api/{locale}/operator/owner/devices/',
  'DELETE /api/{locale}/operator/owner/devices/{deviceId}/',
  'GET /api/{locale}/operator/pobs/{id}/stats/',
  'POST /api/{locale}/operator/pairing/',
  'POST /api/{locale}/operator/pobs/{id}/pairing-codes/',
  'GET /api/{locale}/operator/pobs/{id}/devices/',
  'DELETE /api/{locale}/operator/pobs/{id}/devices/{deviceId}/',
  'POST /api/{locale}/operator/pobs/{id}/barbers/{barberId}/break/',
  'POST /api/{locale}/operator/pobs/{id}/barbers/{barberId}/back/',
  'POST /api/{locale}/operator/pobs/{id}/barbers/{barberId}/end-shift/',
  'POST /api/{locale}/client-events/',
];

// POSTs whose handler reads no body: the path says everything.
const BODYLESS = new Set([
  'POST /api/{locale}/customers/{id}/orders/{orderId}/events/ticket/',
  'POST /api/{locale}/operator/pobs/{id}/events/ticket/',
  'POST /api/{locale}/customers/{id}/benefits/{bid}/redeem/',
  'POST /api/{locale}/operator/orders/{id}/finish/',
  'POST /api/{locale}/operator/orders/{id}/check-in/',
  'POST /api/{locale}/operator/orders/{id}/no-show/',
  'POST /api/{locale}/operator/pobs/{id}/barbers/{barberId}/back/',
  'POST /api/{locale}/operator/pobs/{id}/barbers/{barberId}/end-shift/',
  'POST /api/{locale}/operator/local/owner/pairing-codes/',
  'POST /api/{locale}/operator/chain/events/ticket/',
]);

// Operations whose handler reads the query string, and what it reads.
const QUERIES: Record<string, string[]> = {
  'GET /dev/sms-outbox': ['to'],
  'GET /api/{locale}/dev/sms-outbox': ['to'],
  'GET /sms-stop/{token}': ['lang'],
  'GET /api/{locale}/pobs/': ['dev'],
  'GET /api/{locale}/pobs/{id}/': ['dev'],
  'GET /api/{locale}/pobs/{id}/events/': ['dev'],
  'GET /api/{locale}/customers/{id}/orders/{orderId}/events/': ['ticket'],
  'GET /api/{locale}/operator/pobs/{id}/events/': ['ticket'],
  'GET /api/{locale}/operator/chain/events/': ['ticket'],
  'GET /api/{locale}/employees/': ['dev'],
  'GET /api/{locale}/employees/{id}/': ['dev'],
  'GET /api/{locale}/customers/{id}/messages/': ['lang'],
  'PATCH /api/{locale}/customers/{id}/messages/{mid}/': ['lang'],
};

const docs = suite('the API description at /api/openapi.json');
let h: Harness;
let doc: Doc;
docs.before(async () => {
  h = await harness();
  const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
  assert.is(res.statusCode, 200);
  doc = res.json();
});
docs.after(async () => h.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, op })),
  );

/** A schema that says something: a type, a reference, or alternatives (an empty `{}` would describe nothing). */
const describes = (s: object | undefined) => Boolean(s && ['type', '$ref', 'anyOf', 'if', 'properties'].some((k) => k in s));

docs('is an OpenAPI 3 document listing exactly the routes of the API', () => {
  assert.match(doc.openapi, /^3\./);
  assert.equal(
    operations()
      .map((o) => o.key)
      .sort(),
    [...OPERATIONS].sort(),
  );
});

docs('every operation has a schema for each of its path parameters', () => {
  for (const { key, path, op } of operations()) {
    for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
      const p = op.parameters?.find((x) => x.in === 'path' && x.name === name);
      assert.ok(p && describes(p.schema), `${key}: path parameter ${name}`);
    }
  }
});

docs('every operation that reads a query string documents each parameter it reads', () => {
  for (const { key, op } of operations()) {
    for (const name of QUERIES[key] ?? [])
      assert.ok(
        op.parameters?.some((x) => x.in === 'query' && x.name === name),
        `${key}: query parameter ${name}`,
      );
  }
});

docs('every POST and PATCH that reads a body has a JSON body schema', () => {
  for (const { key, op } of operations()) {
    if (!/^(POST|PATCH|PUT) /.test(key) || BODYLESS.has(key)) continue;
    assert.ok(describes(op.requestBody?.content?.['application/json']?.schema), `${key}: body schema`);
  }
});

docs('every operation has a JSON schema for its 2xx answer, and every reference resolves', () => {
  const shared = doc.components?.schemas ?? {};
  for (const { key, op } of operations()) {
    const ok = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
    assert.ok(ok.length > 0, `${key}: no 2xx answer`);
    for (const [status, r] of ok) {
      // 204 No Content carries no body by definition (HTTP): being declared is all it can say.
      if (status === '204') continue;
      const schema = r.content?.['application/json']?.schema as { $ref?: string } | undefined;
      assert.ok(describes(schema), `${key}: ${status} answer schema`);
      if (schema?.$ref) assert.ok(shared[schema.$ref.replace('#/components/schemas/', '')], `${key}: ${schema.$ref} resolves`);
    }
  }
});

docs.run();
