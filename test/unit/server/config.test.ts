/** loadConfig's refusals: settings that would be unsafe or meaningless stop the server before it starts. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../src/server/config.ts';
import { DEFAULT_HOLD, HELD_TURN } from '../../../src/server/queue/engine/lanes.ts';

const config = suite('loadConfig');
const base = { DATABASE_URL: '', STATIC_DIR: '' };

config('production without an SMS provider refuses to start: codes would go to the log', () => {
  assert.throws(() => loadConfig({ ...base, NODE_ENV: 'production' }), /SMS_PROVIDER/);
  assert.throws(() => loadConfig({ ...base, NODE_ENV: 'production', SMS_PROVIDER: 'log' }), /SMS_LOG_IN_PRODUCTION/);
});

config('production starts with a gateway, or with the explicit opt-in to the log', () => {
  const gateway = loadConfig({ ...base, NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_GATEWAY_URL: 'https://sms.example/send' });
  assert.is(gateway.smsProvider, 'http');
  const logged = loadConfig({ ...base, NODE_ENV: 'production', SMS_LOG_IN_PRODUCTION: '1' });
  assert.is(logged.smsProvider, 'log');
  assert.ok(logged.smsLogInProduction);
  assert.throws(() => loadConfig({ ...base, NODE_ENV: 'production', SMS_LOG_IN_PRODUCTION: '0' }), /SMS_PROVIDER/);
});

config('outside production (npm start) the log provider needs no opt-in', () => {
  assert.is(loadConfig({ ...base }).smsProvider, 'log');
  assert.is(loadConfig({ ...base, NODE_ENV: 'development' }).smsProvider, 'log');
});

config('DEV_RENAMES: shop id → name, city, address; empty by default; a wrong table stops the start with a reason', () => {
  assert.equal(loadConfig(base).devRenames, {});
  const table = { '2': { name: 'Demo Shop', city: 'Springfield' } };
  assert.equal(loadConfig({ ...base, DEV_RENAMES: JSON.stringify(table) }).devRenames, table);
  assert.throws(() => loadConfig({ ...base, DEV_RENAMES: '{' }), /DEV_RENAMES is not valid JSON/);
  assert.throws(() => loadConfig({ ...base, DEV_RENAMES: '{"x": {"name": "A"}}' }), /not a shop id/);
  assert.throws(() => loadConfig({ ...base, DEV_RENAMES: '{"2": {"phone": "1"}}' }), /only set name, city and address/);
});

config('ALLOWED_LANGUAGES: fi, en, ee by default; a list in either spelling; an unknown code refuses to start', () => {
  assert.equal(loadConfig(base).allowedLanguages, ['fi', 'en', 'ee']);
  assert.equal(loadConfig({ ...base, ALLOWED_LANGUAGES: 'fi, et,en,sv,nb,da,de' }).allowedLanguages, [
    'fi',
    'ee',
    'en',
    'sv',
    'no',
    'dk',
    'de',
  ]);
  assert.equal(loadConfig({ ...base, ALLOWED_LANGUAGES: 'fi,en,ee,sv,SV' }).allowedLanguages, ['fi', 'en', 'ee', 'sv']);
  assert.throws(() => loadConfig({ ...base, ALLOWED_LANGUAGES: 'fi,xx' }), /ALLOWED_LANGUAGES: unknown language "xx"/);
});

config('ORDER_CACHE_ENTRIES: 5000 kept order reads by default; fewer than one refuses to start', () => {
  assert.is(loadConfig(base).orderCacheEntries, 5000);
  assert.is(loadConfig({ ...base, ORDER_CACHE_ENTRIES: '20' }).orderCacheEntries, 20);
  for (const bad of ['0', '-1', '1.5', 'many'])
    assert.throws(() => loadConfig({ ...base, ORDER_CACHE_ENTRIES: bad }), /ORDER_CACHE_ENTRIES must be a whole number/);
});

config('NEARBY_*: the offer of a shorter queue nearby, 5000 m, 15 min, 30 s, 5 min by default; a non-number refuses to start', () => {
  assert.equal(loadConfig(base).nearby, { radiusMeters: 5000, gainMinutes: 15, holdSeconds: 30, marginMinutes: 5 });
  const set = { NEARBY_RADIUS_M: '3000', NEARBY_GAIN_MINUTES: '10', NEARBY_HOLD_SECONDS: '0', NEARBY_MARGIN_MINUTES: '2' };
  assert.equal(loadConfig({ ...base, ...set }).nearby, { radiusMeters: 3000, gainMinutes: 10, holdSeconds: 0, marginMinutes: 2 });
  assert.throws(() => loadConfig({ ...base, NEARBY_RADIUS_M: '5 km' }), /NEARBY_RADIUS_M/);
});

config("HOLD_*: no turn is held by default, the engine's own default; the settings turn it on", () => {
  assert.equal(loadConfig(base).hold, DEFAULT_HOLD);
  assert.equal(loadConfig(base).hold.ahead, 0);
  assert.equal(loadConfig({ ...base, HOLD_FOR_ARRIVING_MINUTES: '10', HOLD_GRACE_MINUTES: '5' }).hold, HELD_TURN);
  assert.throws(() => loadConfig({ ...base, HOLD_FOR_ARRIVING_MINUTES: 'soon' }), /HOLD_FOR_ARRIVING_MINUTES/);
});

config.run();
