/** The shop console (issue 20): pairing, the floor, actions refused offline, a refused key back to pairing. */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text, waitFor } from '../dom.ts';
import { stubFetch } from '../account-fetch.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { memoryKeyValue, setKeyValueStore, load } from '../../../src/client/services/storage.ts';
import { browserOffline } from '../../../src/client/state/offline.ts';
import { match } from '../../../src/client/router/match.ts';
import { ROUTES } from '../../../src/client/router/routes.ts';
import { isConsolePath } from '../../../src/client/screens/NotFound/index.tsx';
import Operator from '../../../src/client/screens/Operator/index.tsx';
import { reset } from '../../../src/client/screens/Operator/state.ts';

await setLanguage('en');
const iso = (m: number) => new Date(Date.UTC(2026, 10, 24, 9, m)).toISOString();
const floorAnswer = {
  pob: { id: 2, name: 'Kallio', open: true, full: false, queue_state: 'open', closing_soon: false, queue_version: 4 },
  barbers: [
    {
      id: 1,
      name: 'Janne J.',
      image: null,
      on_shift: true,
      shifts: [],
      speed: 1,
      serving: 14,
      wait_time: 20,
      queue_open: true,
      serving_since: iso(0),
      expected_finish: iso(30),
      next_order: 15,
      on_break_until: null,
    },
  ],
  orders: [
    {
      id: 14,
      name: 'Ville Virtanen',
      customer: false,
      status: 'in_service',
      priority: 0,
      customer_at_pob: true,
      chosen_barber_id: 1,
      barber_id: 1,
      joined_at: iso(0),
      started_at: iso(0),
      start: null,
      expected_end: iso(30),
      wait: 0,
      position: null,
      duration: 30,
      services: ['Haircut'],
      source: 'desk',
      checked_in_at: iso(0),
      expected_at: null,
      first_name: 'Ville',
      last_initial: 'V',
      membership: null,
      phone_linked: false,
    },
    {
      id: 15,
      name: 'Mikko Koski',
      customer: true,
      status: 'waiting',
      priority: 2,
      customer_at_pob: false,
      chosen_barber_id: null,
      barber_id: 1,
      joined_at: iso(5),
      started_at: null,
      start: iso(30),
      expected_end: iso(60),
      wait: 25,
      position: 1,
      duration: 30,
      services: ['Skin fade + Beard'],
      source: 'app',
      checked_in_at: null,
      expected_at: iso(20),
      first_name: 'Mikko',
      last_initial: 'K',
      membership: 2,
      phone_linked: true,
    },
  ],
};
const device = { key: 'dev-key', role: 'console', pob_id: 2, device_id: 9, name: 'Front desk' };
const me = { pob_id: 2, pob_name: 'Kallio', role: 'console', device_id: 9, name: 'Front desk' };

test.before.each(() => {
  setKeyValueStore(memoryKeyValue());
  reset();
  browserOffline.value = false;
});
test.after.each(async () => {
  await cleanup();
  reset();
});

test('/operator and below land on the catch-all, whose chunk loads the console', () => {
  assert.is(match(ROUTES, '/operator').route.path, '*');
  assert.ok(isConsolePath('/operator') && isConsolePath('/operator/display'));
  assert.not.ok(isConsolePath('/operators') || isConsolePath('/home'));
});

test('pairing: the code and a name give a key kept in storage, then the floor', async () => {
  const f = stubFetch({
    'POST /operator/pairing/': { status: 201, body: device },
    'GET /operator/me/': { body: me },
    'GET /operator/pobs/2/queue/': { body: floorAnswer },
    'POST /operator/pobs/2/events/ticket/': { status: 404, body: { error: 'Not found' } },
  });
  const el = await render(<Operator params={{}} />);
  await waitFor(() => el.querySelector('form'));
  const [code, name] = [...el.querySelectorAll('input')];
  await fire.input(code, 'abcd-2345');
  await fire.input(name, 'Front desk');
  await fire.click(el.querySelector('button[type="submit"]'));
  await waitFor(() => text(el).includes('Mikko K.'));
  f.restore();
  assert.equal(f.calls.find((c) => c.path === '/operator/pairing/')?.body, { code: 'ABCD2345', name: 'Front desk' });
  assert.equal(((await load('operatorDevice')) as { key: string }).key, 'dev-key');
  const body = text(el);
  assert.ok(body.includes('Serving Ville V.'), body);
  assert.ok(body.includes('Next: Mikko K.'), body);
  assert.ok(body.includes('Member, level 2'), body);
  assert.ok(body.includes('Queue open'), body);
});

test('a wrong code is told in the operator language and nothing is stored', async () => {
  const f = stubFetch({ 'POST /operator/pairing/': { status: 401, body: { error: 'Invalid pairing code' } } });
  const el = await render(<Operator params={{}} />);
  await waitFor(() => el.querySelector('form'));
  const [code, name] = [...el.querySelectorAll('input')];
  await fire.input(code, 'ZZZZ9999');
  await fire.input(name, 'Desk');
  await fire.click(el.querySelector('button[type="submit"]'));
  await waitFor(() => text(el).includes('The code is wrong, used or expired.'));
  f.restore();
  assert.is(await load('operatorDevice'), undefined);
});

test('a revoked key goes back to pairing; an action offline is refused, not queued', async () => {
  const { save } = await import('../../../src/client/services/storage.ts');
  await save('operatorDevice', device);
  let f = stubFetch({ 'GET /operator/me/': { body: me }, 'GET /operator/pobs/2/queue/': { body: floorAnswer }, 'POST /operator/pobs/2/events/ticket/': { status: 404, body: { error: 'Not found' } } });
  const el = await render(<Operator params={{}} />);
  await waitFor(() => text(el).includes('Mikko K.'));
  browserOffline.value = true;
  const checkIn = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Check in');
  await fire.click(checkIn!);
  await settle(10);
  f.restore();
  assert.not.ok(f.calls.some((c) => c.method === 'POST' && c.path.includes('check-in')));
  assert.ok(text(el).includes('No connection: nothing was done.'), text(el));
  browserOffline.value = false;
  f = stubFetch({ 'POST /operator/orders/15/check-in/': { status: 401, body: { error: 'Invalid operator key' } } });
  await fire.click([...el.querySelectorAll('button')].find((b) => b.textContent === 'Check in')!);
  await waitFor(() => el.querySelector('form'));
  f.restore();
  assert.is(await load('operatorDevice'), undefined);
});

test.run();
