import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  cacheKey,
  foreignPrivateCaches,
  staleAssets,
  staleCaches,
  strategyFor,
  type RequestFacts,
} from '../../../../src/client/sw/routes.ts';

const O = 'https://app.example';
const req = (url: string, more: Partial<RequestFacts> = {}): RequestFacts => ({
  method: 'GET',
  url: O + url,
  mode: 'cors',
  auth: false,
  ...more,
});

const strategy = suite('strategyFor');

strategy('navigations to client routes get the shell; server pages and files do not', () => {
  const cases: Array<[string, string]> = [
    ['/', 'shell'],
    ['/home', 'shell'],
    ['/barbershop/2?barber=5', 'shell'],
    ['/tracking', 'shell'],
    ['/no/such/page', 'shell'],
    ['/api/fi/pobs/', 'network'],
    ['/dev/sms-outbox', 'network'],
    ['/locate/', 'network'],
    ['/sw.js', 'network'],
    ['/manifest.webmanifest', 'network'],
  ];
  for (const [path, want] of cases) assert.is(strategyFor(req(path, { mode: 'navigate' }), O).kind, want, path);
});

strategy('hashed files, icons, images and the manifest are cache-first', () => {
  for (const path of [
    '/assets/main-ABCDEFGH.js',
    '/assets/c/Shop-ABCDEFGH.js',
    '/assets/l/en-ABCDEFGH.json',
    '/icons/icon-192.png',
    '/images/shops/3.svg',
    '/manifest.webmanifest',
  ]) {
    assert.is(strategyFor(req(path), O).kind, 'asset', path);
  }
});

strategy('public reads and the config are network-first into the shared cache', () => {
  for (const path of [
    '/api/fi/pobs/',
    '/api/fi/pobs/2/',
    '/api/ee/pobs/?dev=1',
    '/api/no/employees',
    '/api/fi/employees/7/',
    '/config.json',
  ]) {
    assert.is(strategyFor(req(path), O).kind, 'public', path);
  }
});

strategy('event streams and their tickets are never cached nor answered by the worker', () => {
  for (const path of [
    '/api/fi/pobs/2/events/',
    '/api/fi/pobs/2/events/?lang=en',
    '/api/no/pobs/2/events',
    '/api/fi/customers/17/orders/40/events/?ticket=x',
    '/api/fi/operator/pobs/1/events/?ticket=y',
  ]) {
    assert.is(strategyFor(req(path), O).kind, 'network', path);
    assert.is(strategyFor(req(path, { auth: true }), O).kind, 'network', path);
  }
  assert.is(strategyFor(req('/api/fi/customers/17/orders/40/events/ticket/', { method: 'POST', auth: true }), O).kind, 'network');
});

strategy("the customer's orders and receipts go to that customer's own cache, only with a token", () => {
  assert.equal(strategyFor(req('/api/fi/customers/17/orders/40/', { auth: true }), O), { kind: 'private', cache: 'private-17' });
  assert.equal(strategyFor(req('/api/se/customers/3/receipts', { auth: true }), O), { kind: 'private', cache: 'private-3' });
  assert.is(strategyFor(req('/api/fi/customers/17/orders/40/'), O).kind, 'network', 'no token: never a stored answer');
});

strategy('the profile and other authenticated calls are never cached', () => {
  for (const path of ['/api/fi/customers/17/', '/api/fi/customers/17/messages/', '/api/fi/pobs/', '/config.json']) {
    assert.is(strategyFor(req(path, { auth: true }), O).kind, 'network', path);
  }
});

strategy("an order's PATCH writes its answer through to the customer's cache, joining's POST too; other writes pass", () => {
  assert.equal(strategyFor(req('/api/fi/customers/17/orders/40/', { method: 'PATCH', auth: true }), O), {
    kind: 'private-write',
    cache: 'private-17',
  });
  assert.equal(strategyFor(req('/api/fi/customers/17/orders/', { method: 'POST', auth: true }), O), {
    kind: 'private-create',
    cache: 'private-17',
  });
  const cases: Array<[string, string, boolean]> = [
    ['POST', '/api/fi/customers/17/orders/', false],
    ['POST', '/api/fi/customers/17/orders/40/', true],
    ['PATCH', '/api/fi/customers/17/', true],
    ['PATCH', '/api/fi/customers/17/orders/40/', false],
    ['POST', '/api/fi/login/', false],
    ['DELETE', '/api/fi/customers/17/orders/40/', true],
  ];
  for (const [method, path, auth] of cases) assert.is(strategyFor(req(path, { method, auth }), O).kind, 'network', `${method} ${path}`);
});

strategy('other origins are never touched', () => {
  assert.is(
    strategyFor({ method: 'GET', url: 'https://maps.googleapis.com/maps/api/js', mode: 'no-cors', auth: false }, O).kind,
    'network',
  );
  assert.is(
    strategyFor({ method: 'GET', url: 'https://tile.openstreetmap.org/1/1/1.png', mode: 'navigate', auth: false }, O).kind,
    'network',
  );
});

strategy.run();

const caches = suite('cache housekeeping');

caches('activation keeps this shell, the shared caches and private ones; drops the rest', () => {
  const keys = ['shell-old', 'shell-new', 'api-v1', 'assets-v1', 'private-3', 'runtime-v1'];
  assert.equal(staleCaches(keys, 'shell-new'), ['shell-old', 'runtime-v1']);
});

caches('hashed files of older builds leave the asset cache; other files stay', () => {
  const current = new Set(['/assets/main-NEW00000.js', '/assets/c/Shop-NEW00000.js']);
  const cached = [`${O}/assets/main-OLD00000.js`, `${O}/assets/c/Shop-NEW00000.js`, `${O}/images/barbers/3.svg`];
  assert.equal(staleAssets(cached, current), [`${O}/assets/main-OLD00000.js`]);
});

caches('private caches: all go after logout, only others go while logged in', () => {
  const keys = ['shell-x', 'private-3', 'private-17', 'api-v1'];
  assert.equal(foreignPrivateCaches(keys, null), ['private-3', 'private-17']);
  assert.equal(foreignPrivateCaches(keys, 17), ['private-3']);
  assert.equal(foreignPrivateCaches(['api-v1'], 17), []);
});

caches.run();

const key = suite('cacheKey');

key('the language is part of the key of catalogue and receipts reads; a missing one is the server fallback (fi)', () => {
  const k = (path: string) => cacheKey(O + path).slice(O.length);
  assert.is(k('/api/fi/pobs/1/?lang=sv'), '/api/fi/pobs/1/?lang=sv');
  assert.is.not(k('/api/fi/pobs/1/?lang=sv'), k('/api/fi/pobs/1/?lang=en'));
  assert.is(k('/api/fi/pobs/1/'), '/api/fi/pobs/1/?lang=fi');
  assert.is(k('/api/fi/pobs/1/?lang=xx'), '/api/fi/pobs/1/?lang=fi');
  // One read in two spellings shares its entry: et is ee, and the order of the query does not matter.
  assert.is(k('/api/fi/pobs/1/?dev=1&lang=et'), k('/api/fi/pobs/1/?lang=ee&dev=1'));
  assert.is(k('/api/se/employees?lang=de'), '/api/se/employees?lang=de');
  assert.is(k('/api/fi/customers/7/receipts/?lang=dk'), '/api/fi/customers/7/receipts/?lang=dk');
  assert.is.not(k('/api/fi/customers/7/receipts/?lang=dk'), k('/api/fi/customers/7/receipts/?lang=fi'));
});

key('other reads keep their URL as it is', () => {
  for (const path of ['/config.json', '/api/fi/customers/7/orders/3/', '/assets/main-ABCDEFGH.js?x=1'])
    assert.is(cacheKey(O + path), O + path, path);
});

key.run();
