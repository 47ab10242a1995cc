/**
 * Security headers: the CSP on the app shell allows its one inline script by hash and no
 * inline handlers; frame, sniffing and referrer headers on every answer; HSTS only when configured; token and
 * profile answers are never stored; maps and FCM hosts appear only when those services are configured.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { accountsHarness, call, login, newCustomer, PASSWORD } from './accounts-helpers.ts';
import type { Harness } from './harness.ts';

const headers = suite('security headers');
const dist = mkdtempSync(join(tmpdir(), 'walkin-csp-'));
// A shell like build.ts writes: one inline script (the newcomer preload) beside the module entry.
const INLINE = "location.pathname==='/'&&['/assets/c/Welcome-AAAAAAAA.js'].forEach(function(h){})";
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html><head><script>${INLINE}</script></head><body><script type="module" src="/assets/main-AAAAAAAA.js"></script></body></html>`,
);
writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
// Built files a browser only loads into a page (never shows as one), and an SVG, which it may open as a document.
mkdirSync(join(dist, 'assets/c'), { recursive: true });
mkdirSync(join(dist, 'icons'));
writeFileSync(join(dist, 'assets/app-AAAAAAAA.css'), 'body{margin:0}');
writeFileSync(join(dist, 'assets/c/Shop-AAAAAAAA.js'), 'export const a = 1;');
writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Walk-in"}');
writeFileSync(join(dist, 'icons/icon-192.png'), 'png');
writeFileSync(join(dist, 'icons/icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const inlineHash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

let h: Harness;
const extra: Harness[] = [];
headers.before(async () => {
  h = await accountsHarness({ staticDir: dist });
});
headers.after(async () => {
  await h.close();
  for (const x of extra) await x.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The CSP header as directive → sources. */
function csp(value: string | string[] | number | undefined): Record<string, string[]> {
  assert.type(value, 'string', 'a Content-Security-Policy header');
  return Object.fromEntries(
    String(value)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

async function cspWith(config: Partial<Config>) {
  const other = await accountsHarness(config);
  extra.push(other);
  return csp((await other.app.inject({ url: '/config.json' })).headers['content-security-policy']);
}

const GOOGLE = /google|gstatic|ggpht/;

/** An answer's header bytes, as sent. */
const bytes = (hs: Record<string, unknown>) => Object.entries(hs).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);

headers('the app shell: its inline script by hash, no inline scripts or handlers, no framing, no sniffing', async () => {
  const res = await h.app.inject({ url: '/', headers: { accept: 'text/html' } });
  assert.is(res.statusCode, 200);
  assert.ok(res.body.includes(INLINE));
  const policy = csp(res.headers['content-security-policy']);
  assert.ok(policy['script-src'].includes("'self'"));
  assert.ok(policy['script-src'].includes(inlineHash), `script-src ${policy['script-src'].join(' ')} lacks ${inlineHash}`);
  assert.not.ok(policy['script-src'].includes("'unsafe-inline'"));
  assert.not.ok(policy['script-src'].includes("'unsafe-eval'"));
  assert.equal(policy['script-src-attr'], ["'none'"]);
  assert.equal(policy['style-src'], ["'self'"]);
  assert.equal(policy['style-src-attr'], ["'none'"]);
  assert.equal(policy['object-src'], ["'none'"]);
  assert.equal(policy['frame-ancestors'], ["'none'"]);
  assert.equal(policy['default-src'], ["'self'"]);
  assert.is(res.headers['x-frame-options'], 'DENY');
  assert.is(res.headers['x-content-type-options'], 'nosniff');
  assert.is(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  assert.is(res.headers['strict-transport-security'], undefined, 'HSTS is off by default (the demo is plain http)');
  assert.is(res.headers['cache-control'], 'no-cache');
  // A client route gets the same shell with the same policy.
  const route = await h.app.inject({ url: '/barbershop/2', headers: { accept: 'text/html' } });
  assert.is(route.headers['content-security-policy'], res.headers['content-security-policy']);
});

headers('the service worker script and /config.json still load, with the same headers', async () => {
  const sw = await h.app.inject({ url: '/sw.js' });
  assert.is(sw.statusCode, 200);
  assert.match(String(sw.headers['content-type']), /^text\/javascript/);
  assert.is(sw.headers['cache-control'], 'no-cache');
  assert.is(sw.headers['x-content-type-options'], 'nosniff');
  const config = await h.app.inject({ url: '/config.json' });
  assert.is(config.statusCode, 200);
  assert.ok(Array.isArray(config.json().allowedLanguages));
  assert.is(config.headers['cache-control'], 'no-cache');
});

headers('an API answer carries the headers and stays cacheable as before', async () => {
  const res = await call(h, { url: '/api/fi/pobs/' });
  assert.is(res.status, 200);
  assert.is(res.headers['x-content-type-options'], 'nosniff');
  assert.is(res.headers['x-frame-options'], 'DENY');
  assert.is(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  assert.is(
    res.headers['content-security-policy'],
    "default-src 'none'; frame-ancestors 'none'",
    'JSON gets the short policy, not the page one',
  );
  assert.is.not(res.headers['cache-control'], 'no-store');
  const missing = await call(h, { url: '/api/fi/nothing/' });
  assert.is(missing.status, 404);
  assert.is(missing.headers['x-content-type-options'], 'nosniff');
  assert.is(missing.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
  const page = await h.app.inject({ url: '/config.json' });
  assert.match(String(page.headers['content-security-policy']), /script-src/, 'pages keep their own policy');
  assert.ok(bytes(res.headers) < 600, `an API answer's headers are short: ${bytes(res.headers)} bytes`);
});

headers("built files never shown as a page: the API's short headers; the worker and an SVG keep the page's", async () => {
  const page = await h.app.inject({ url: '/', headers: { accept: 'text/html' } });
  for (const url of ['/assets/app-AAAAAAAA.css', '/assets/c/Shop-AAAAAAAA.js', '/manifest.webmanifest', '/icons/icon-192.png']) {
    const res = await h.app.inject({ url });
    assert.is(res.statusCode, 200, url);
    assert.is(res.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'", url);
    assert.is(res.headers['x-content-type-options'], 'nosniff', url);
    assert.is(res.headers['cross-origin-resource-policy'], 'same-origin', url);
    assert.is(res.headers['cross-origin-opener-policy'], undefined, `${url}: a document's header`);
    // What a slow network pays on each of a first visit's files: under half the page's.
    assert.ok(
      bytes(res.headers) * 2 < bytes(page.headers),
      `${url}: ${bytes(res.headers)} bytes of headers, the page ${bytes(page.headers)}`,
    );
  }
  for (const url of ['/sw.js', '/icons/icon.svg']) {
    const res = await h.app.inject({ url });
    assert.is(res.statusCode, 200, url);
    assert.is(res.headers['content-security-policy'], page.headers['content-security-policy'], `${url} keeps the page's policy`);
  }
});

headers('answers carrying tokens or the profile are never stored', async () => {
  const me = await newCustomer(h);
  const reg = await call(h, { method: 'POST', url: '/api/fi/register/', body: { phone: 'not a phone' }, ip: '10.77.0.1' });
  assert.is(reg.headers['cache-control'], 'no-store', 'register (even refused)');
  const again = await call(h, { method: 'POST', url: '/api/fi/login/', body: { phone: me.phone, password: PASSWORD }, ip: '10.77.0.2' });
  assert.is(again.status, 200);
  assert.ok(again.json.access_token);
  assert.is(again.headers['cache-control'], 'no-store', 'login');
  const refreshed = await call(h, { method: 'POST', url: '/api/fi/refresh/', body: { refresh: again.json.refresh_token } });
  assert.is(refreshed.status, 200);
  assert.is(refreshed.headers['cache-control'], 'no-store', 'refresh');
  const profile = await call(h, { url: `/api/fi/customers/${me.id}/`, token: me.access });
  assert.is(profile.status, 200);
  assert.is(profile.headers['cache-control'], 'no-store', 'profile GET');
  const patched = await call(h, {
    method: 'PATCH',
    url: `/api/fi/customers/${me.id}/`,
    token: me.access,
    body: { email: 'uusi@example.fi' },
  });
  assert.is(patched.status, 200);
  assert.is(patched.headers['cache-control'], 'no-store', 'profile PATCH');
  const changed = await call(h, {
    method: 'POST',
    url: '/api/fi/password/',
    token: me.access,
    body: { old_password: PASSWORD, new_password: 'Toinen-Kuppi43' },
  });
  assert.is(changed.status, 200);
  assert.ok(changed.json.access_token);
  assert.is(changed.headers['cache-control'], 'no-store', 'password');
  const reset = await call(h, {
    method: 'POST',
    url: '/api/fi/auth/reset/',
    body: { phone: me.phone, token: '000000', password: 'Kolmas-Kuppi44' },
    ip: '10.77.0.3',
  });
  assert.is(reset.headers['cache-control'], 'no-store', 'reset');
  assert.is(reset.status, 400);
  await login(h, me.phone, 'Toinen-Kuppi43', '10.77.0.4');
});

headers('unconfigured: OpenStreetMap tiles only, no maps or FCM hosts anywhere', async () => {
  const policy = csp((await h.app.inject({ url: '/config.json' })).headers['content-security-policy']);
  assert.ok(policy['img-src'].includes('https://tile.openstreetmap.org'));
  assert.ok(policy['img-src'].includes('data:'));
  assert.equal(policy['connect-src'], ["'self'"]);
  for (const [name, sources] of Object.entries(policy))
    assert.not.ok(
      sources.some((s) => GOOGLE.test(s)),
      `${name}: ${sources.join(' ')}`,
    );
});

headers('MAPS_KEY adds the Google Maps hosts, still without inline scripts', async () => {
  const policy = await cspWith({ mapsKey: 'test-key' });
  assert.ok(policy['script-src'].includes('https://*.googleapis.com'));
  assert.not.ok(policy['script-src'].includes("'unsafe-inline'"));
  assert.equal(policy['script-src-attr'], ["'none'"]);
  assert.ok(policy['img-src'].includes('https://*.googleapis.com'), 'the static map image');
  assert.ok(policy['img-src'].includes('https://tile.openstreetmap.org'));
  assert.not.ok(policy['connect-src'].some((s) => /firebase|fcmregistrations/.test(s)));
});

headers('FIREBASE_CONFIG adds the FCM hosts to connect-src only', async () => {
  const policy = await cspWith({ firebase: { apiKey: 'k', projectId: 'p', messagingSenderId: '1', appId: 'a' } });
  assert.ok(policy['connect-src'].includes('https://fcmregistrations.googleapis.com'));
  assert.ok(policy['connect-src'].includes('https://firebaseinstallations.googleapis.com'));
  assert.not.ok(policy['script-src'].some((s) => GOOGLE.test(s)));
  assert.not.ok(policy['img-src'].some((s) => GOOGLE.test(s)));
});

headers('HSTS_MAX_AGE turns Strict-Transport-Security on; a bad value refuses to start', async () => {
  assert.is(loadConfig({ HSTS_MAX_AGE: '15552000' }).hstsMaxAge, 15552000);
  assert.is(loadConfig({}).hstsMaxAge, 0);
  assert.throws(() => loadConfig({ HSTS_MAX_AGE: '-1' }), /HSTS_MAX_AGE/);
  const other = await accountsHarness({ hstsMaxAge: 15552000 });
  extra.push(other);
  const res = await other.app.inject({ url: '/api/fi/pobs/' });
  assert.is(res.headers['strict-transport-security'], 'max-age=15552000');
  const page = await other.app.inject({ url: '/config.json' });
  assert.is(page.headers['strict-transport-security'], 'max-age=15552000');
});

headers.run();
