/** The shop console: pairing, the floor, actions refused offline, a refused key back to pairing. */
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
import NotFound, { isConsolePath } from '../../../src/client/screens/NotFound/index.tsx';
import { loc, navigate } from '../../../src/client/router/history.ts';
import Operator from '../../../src/client/screens/Operator/index.tsx';
import { clock, feed, floor, noticeLife } from '../../../src/client/state/console/operator.ts';
import { reset } from '../../../src/client/state/console/actions.ts';
import { shortName, suggestedBarber, walkInWait } from '../../../src/client/lib/operator.ts';
import type { Floor } from '../../../src/client/lib/operator.ts';
import { save } from '../../../src/client/services/storage.ts';

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
      wait_low: 16,
      wait_high: 29,
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

test('the catch-all shows the console under /operator (pairing without a key) and the 404 elsewhere', async () => {
  loc.value = { path: '/operator/display', search: '', direction: 'none' };
  let el = await render(<NotFound />);
  await waitFor(() => text(el).includes('Pair this device'));
  loc.value = { path: '/nowhere', search: '', direction: 'none' };
  el = await render(<NotFound />);
  assert.ok(el.querySelector('.not-found'));
  assert.not.ok(text(el).includes('Pair this device'));
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
  let f = stubFetch({
    'GET /operator/me/': { body: me },
    'GET /operator/pobs/2/queue/': { body: floorAnswer },
    'POST /operator/pobs/2/events/ticket/': { status: 404, body: { error: 'Not found' } },
  });
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

const button = (el: Element, label: string) => [...el.querySelectorAll('button')].find((b) => text(b) === label) ?? null;
const NO_STREAM = { status: 404, body: { error: 'Not found' } };

async function paired(extra: Record<string, unknown> = {}, who = me) {
  await save('operatorDevice', { ...device, role: who.role });
  const f = stubFetch({
    'GET /operator/me/': { body: who },
    'GET /operator/pobs/2/queue/': { body: floorAnswer },
    'POST /operator/pobs/2/events/ticket/': NO_STREAM,
    ...extra,
  } as never);
  const el = await render(<Operator params={{}} />);
  await waitFor(() => text(el).includes('Mikko K.'));
  return { el, f };
}

test('a name ending in an emoji gets no full stop: "Lasse 🧔", while "Mikko K." keeps his', async () => {
  const answer = structuredClone(floorAnswer);
  Object.assign(answer.orders[0], { name: 'Lasse 🧔', first_name: 'Lasse', last_initial: '🧔' });
  const { el, f } = await paired({ 'GET /operator/pobs/2/queue/': { body: answer } });
  const names = [...el.querySelectorAll('h4, .op-serving, .op-barber')].map((n) => text(n)).join(' | ');
  assert.ok(text(el).includes('Lasse 🧔'), names);
  assert.not.ok(text(el).includes('Lasse 🧔.'), names);
  f.restore();
});

test('the rules: "Mikko K.", the suggestion is the barber whose next order it is, a walk-in gets the shortest open wait', () => {
  const f = structuredClone(floorAnswer) as unknown as Floor;
  assert.is(shortName(f.orders[1]), 'Mikko K.');
  assert.is(shortName({ first_name: 'Ann', last_initial: null, name: 'Ann' }), 'Ann');
  // Janne serves someone: no free barber, so the engine's planned one is suggested.
  assert.is(suggestedBarber(f, f.orders[1]), 1);
  f.barbers.push({ ...f.barbers[0], id: 2, name: 'Riku L.', serving: null, next_order: 15, wait_time: 5 });
  f.barbers[0].next_order = null;
  assert.is(suggestedBarber(f, f.orders[1]), 2);
  assert.is(walkInWait(f), 5);
  f.pob.queue_state = 'full';
  assert.is(walkInWait(f), null);
});

test('a walk-in: services with extras, a barber, a name and a phone are sent; nothing without a service', async () => {
  const menu = {
    services: [
      { id: 201, title: 'Haircut', order: 1, price: 3500, duration: 30, multiple: true },
      { id: 205, title: 'Beard trim', order: 2, price: 2000, duration: 15, multiple: false },
    ],
    extra_services: { 201: [{ id: 2001, title: 'Wash', order: 1, duration: 5 }] },
  };
  const { el, f } = await paired({
    'GET /pobs/2/': { body: menu },
    'POST /operator/pobs/2/walk-ins/': { status: 201, body: floorAnswer.orders[1] },
  });
  await fire.click(button(el, 'Add walk-in'));
  await waitFor(() => text(el).includes('Beard trim'));
  const dialog = el.querySelector('[role="dialog"]')!;
  await fire.input(dialog.querySelector('input[type="text"]'), 'Walter Walkin');
  await fire.click(button(dialog, 'Add to the queue'));
  await settle(5);
  assert.ok(text(dialog).includes('Choose at least one service.'));
  assert.not.ok(f.calls.some((c) => c.path.endsWith('/walk-ins/')));
  const box = (label: string) => [...dialog.querySelectorAll('label')].find((l) => text(l) === label)!.querySelector('input')!;
  await fire.click(box('Haircut'));
  await fire.click(box('Wash'));
  const select = dialog.querySelector('select')!;
  await fire.input(select, '1');
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await fire.input(dialog.querySelector('input[type="tel"]'), '+358401000004');
  await fire.click(button(dialog, 'Add to the queue'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));
  f.restore();
  assert.equal(f.calls.find((c) => c.path.endsWith('/walk-ins/'))?.body, {
    name: 'Walter Walkin',
    services: [{ service_id: 201, amount: 1, extra_services: [2001] }],
    barber_id: 1,
    phone: '+358401000004',
  });
  assert.is(f.calls.find((c) => c.path.endsWith('/walk-ins/'))?.bearer, 'dev-key');
  assert.ok(text(el).includes('Walter Walkin is in the queue.'));
});

test('start: the suggested barber is preselected and sent; a conflict closes the dialog, is told in words for a while, and the floor is read again', async () => {
  const { el, f } = await paired({
    'POST /operator/orders/15/start/': [{ status: 409, body: { error: 'Barber is already serving a customer' } }, { body: {} }],
  });
  noticeLife.ms = 300;
  await fire.click(button(el.querySelector('[data-order="15"]')!, 'Start'));
  let dialog = el.querySelector('[role="dialog"]')!;
  const checked = dialog.querySelector<HTMLInputElement>('input[type="radio"]:checked');
  assert.ok(checked, 'a barber is preselected');
  assert.ok(text(checked!.closest('label')).includes('suggested'));
  const reads = () => f.calls.filter((c) => c.path === '/operator/pobs/2/queue/').length;
  const before = reads();
  await fire.click(button(dialog, 'Start'));
  await settle(5);
  assert.not.ok(el.querySelector('[role="dialog"]'), 'closed after the conflict');
  assert.ok(text(el).includes('The barber is already serving another customer'), text(el));
  assert.ok(reads() > before, 'the floor read again');
  await waitFor(() => !text(el.querySelector('.op-notice-region')), 2000);
  // Started again from the row, it goes through.
  await fire.click(button(el.querySelector('[data-order="15"]')!, 'Start'));
  dialog = el.querySelector('[role="dialog"]')!;
  await fire.click(button(dialog, 'Start'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));
  noticeLife.ms = 8000;
  f.restore();
  assert.equal(
    f.calls.filter((c) => c.path === '/operator/orders/15/start/').map((c) => c.body),
    [{ barber_id: 1 }, { barber_id: 1 }],
  );
});

test('ending a shift and a no-show ask first; cancel sends nothing, confirm sends once; a break offers 15, 30, 60', async () => {
  const { el, f } = await paired({
    'POST /operator/pobs/2/barbers/1/end-shift/': { body: floorAnswer },
    'POST /operator/pobs/2/barbers/1/break/': { body: floorAnswer },
  });
  await fire.click(button(el, 'End shift'));
  assert.ok(text(el.querySelector('[role="dialog"]')).includes('cannot be undone'));
  await fire.click(button(el.querySelector('[role="dialog"]')!, 'Cancel'));
  assert.not.ok(f.calls.some((c) => c.path.endsWith('/end-shift/')));
  await fire.click(button(el, 'End shift'));
  await fire.click(button(el.querySelector('[role="dialog"]')!, 'End shift'));
  await waitFor(() => text(el).includes("Janne J.'s shift has ended."));
  assert.is(f.calls.filter((c) => c.path.endsWith('/end-shift/')).length, 1);
  await fire.click(button(el, 'Break'));
  const dialog = el.querySelector('[role="dialog"]')!;
  assert.equal([...dialog.querySelectorAll('.op-actions button')].map(text), ['15 min', '30 min', '60 min']);
  await fire.click(button(dialog, '30 min'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));
  f.restore();
  assert.equal(f.calls.find((c) => c.path.endsWith('/break/'))?.body, { minutes: 30 });
});

test('a display key sees the display: names with initials, who serves whom, the walk-in wait, no buttons', async () => {
  const { el, f } = await paired({}, { ...me, role: 'display' });
  f.restore();
  const body = text(el);
  assert.ok(body.includes('Wait for a walk-in now'), body);
  assert.ok(body.includes('20 min'), body);
  assert.is(text(el.querySelector('.wait-window')), 'usually 15–30 min', 'the likely window under the wait');
  assert.ok(body.includes('Ville V. with Janne J.'), body);
  assert.ok(body.includes('1Mikko K.'), body);
  assert.not.ok(body.includes('Koski'), 'no last names');
  assert.is(el.querySelectorAll('button').length, 0);
});

test("before a change of shifts: the barber whose queue closed takes nobody new, and the display shows the app's quote", async () => {
  const answer = structuredClone(floorAnswer) as unknown as Floor;
  // Janne is on shift until :40 and free, but a service no longer fits: his queue is closed; the next shift's barber
  // takes the walk-in in about three hours, which the server quotes for him.
  answer.barbers[0] = {
    ...answer.barbers[0],
    serving: null,
    serving_since: null,
    expected_finish: null,
    next_order: null,
    queue_open: false,
    wait_time: null,
    wait_low: null,
    wait_high: null,
    shifts: [{ start: iso(-60), end: iso(40) }],
  };
  answer.orders = answer.orders.filter((o) => o.status === 'waiting');
  answer.pob = { ...answer.pob, wait_time: 190, wait_low: 175, wait_high: 215 };
  const realNow = clock.now;
  clock.now = () => Date.parse(iso(20));
  reset();
  const quote = { 'GET /operator/pobs/2/queue/': { body: answer } };
  let { el, f } = await paired(quote);
  const janne = el.querySelector('[data-barber="1"]') as Element;
  assert.match(text(janne), /Takes no new customers: shift ends at \d\d[:.]40/);
  assert.not.ok(text(janne).includes('Free'));
  f.restore();
  await cleanup();
  reset();
  setKeyValueStore(memoryKeyValue());
  ({ el, f } = await paired(quote, { ...me, role: 'display' }));
  assert.is(text(el.querySelector('.op-walkin') as Element), '190 min', 'the quote, not "no barber"');
  assert.is(text(el.querySelector('.wait-window') as Element), 'usually 175–215 min');
  f.restore();
  clock.now = realNow;
});

test('the figures: today and 7 days; before, inside and after the window add up to 100 %, each row says one thing', async () => {
  const day = {
    served: 12,
    waiting: 3,
    no_shows: 1,
    walk_ins: 7,
    remote_joins: 5,
    mean_wait_minutes: 21,
    mean_quoted_minutes: 19,
    mean_actual_minutes: 21,
    within_10_share: 0.333,
    waited_longer_share: 0.333,
    served_sooner_share: 0.333,
    before_window_share: 0.09,
    in_window_share: 0.83,
    past_window_share: 0.08,
    mean_window_minutes: 24,
    moved_in: 2,
    moved_out: 1,
  };
  // A server from before the new shares: what the others leave is shown.
  const { moved_in: _, moved_out: __, served_sooner_share: ___, before_window_share: ____, ...older } = day;
  const { el, f } = await paired({
    'GET /operator/pobs/2/stats/': {
      body: { today: day, week: { ...older, within_10_share: 0.75, waited_longer_share: 0.25, in_window_share: null } },
    },
  });
  navigate('/operator/stats');
  await waitFor(() => text(el).includes('Served within the window'));
  f.restore();
  const [today, week] = [...el.querySelectorAll('.op-figures section')];
  const stat = (s: Element, key: string) => text(s.querySelector(`[data-stat="${key}"]`) as Element);
  const percent = (s: Element, key: string) => Number(stat(s, key).replace(/[^\d]/g, ''));
  assert.match(stat(today, 'beforeWindow'), /^9\s?%$/);
  assert.match(stat(today, 'inWindow'), /^83\s?%$/);
  assert.match(stat(today, 'pastWindow'), /^8\s?%$/);
  // Thirds read 34, 33, 33: the group adds up to 100.
  assert.is(percent(today, 'within10') + percent(today, 'waitedLonger') + percent(today, 'servedSooner'), 100);
  assert.equal([percent(week, 'within10'), percent(week, 'waitedLonger'), percent(week, 'servedSooner')], [75, 25, 0]);
  assert.is(stat(today, 'meanWindow'), '24 min');
  assert.equal(
    ['beforeWindow', 'inWindow', 'pastWindow'].map((k) => stat(week, k)),
    ['–', '–', '–'],
    'no window told yet: dashes',
  );
  // One average-wait row each: the wait from joining to service, and the wait quoted at joining.
  const rows = [...today.querySelectorAll('dt')].map(text);
  assert.equal(
    rows.filter((r) => /mean wait/i.test(r)),
    ['Mean wait, joining to service', 'Mean wait quoted at joining'],
  );
  assert.is(new Set(rows).size, rows.length, 'no row repeats another');
  assert.equal([...today.querySelectorAll('h3')].map(text), ['Against the wait quoted at joining', 'Against the window told at joining']);
  assert.equal([stat(today, 'movedIn'), stat(today, 'movedOut')], ['2', '1']);
  assert.ok(text(today).includes('Moved here from another shop'), 'named in the console’s language');
  assert.equal([stat(week, 'movedIn'), stat(week, 'movedOut')], ['–', '–'], 'a server from before moves: dashes');
  navigate('/operator');
});

test('the stream: its events replace the floor and stop the polling; a failed ticket polls', async () => {
  class FakeSource {
    static last: FakeSource | null = null;
    listeners = new Map<string, (e: { data: string }) => void>();
    onerror: (() => void) | null = null;
    onopen: (() => void) | null = null;
    closed = false;
    constructor(readonly url: string) {
      FakeSource.last = this;
    }
    addEventListener(type: string, fn: (e: { data: string }) => void) {
      this.listeners.set(type, fn);
    }
    close() {
      this.closed = true;
    }
  }
  const g = globalThis as Record<string, unknown>;
  const before = g.EventSource;
  g.EventSource = FakeSource;
  try {
    const { el, f } = await paired({ 'POST /operator/pobs/2/events/ticket/': { body: { ticket: 't-1', expires_in: 60 } } });
    await waitFor(() => FakeSource.last);
    // The ticket, and the language the orders' services are named in.
    assert.match(FakeSource.last!.url, /\/operator\/pobs\/2\/events\/\?ticket=t-1&lang=en$/);
    const next = structuredClone(floorAnswer);
    next.orders[1].first_name = 'Matti';
    FakeSource.last!.listeners.get('queue')!({ data: JSON.stringify(next) });
    await settle(5);
    assert.is(feed.value, 'stream');
    assert.ok(text(el).includes('Matti K.'));
    assert.ok(text(el).includes('Live'));
    FakeSource.last!.onerror?.();
    await settle(5);
    assert.is(feed.value, 'polling');
    assert.ok(FakeSource.last!.closed);
    f.restore();
  } finally {
    g.EventSource = before;
  }
  assert.ok(floor.value);
});

test.run();
