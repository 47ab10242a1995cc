/**
 * The console and the display with a party and a step-out: "Matti M. + 2" as one card with a row per person, each
 * started and finished on its own order id; a companion taken off is gone; "Stepped out until" and the no-show only
 * from no_show_from on the console's clock, "Back in the shop" checks him in again; the display's party line and its
 * away mark.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text, waitFor } from '../dom.ts';
import { stubFetch } from '../account-fetch.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { memoryKeyValue, save, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { browserOffline } from '../../../src/client/state/offline.ts';
import { formatTime } from '../../../src/client/lib/format.ts';
import Operator from '../../../src/client/screens/Operator/index.tsx';
import { clock, now } from '../../../src/client/state/console/operator.ts';
import { reset } from '../../../src/client/state/console/actions.ts';
import { noShowOpen, partyKey, queueEntries } from '../../../src/client/screens/Operator/party.ts';
import type { Floor, FloorOrder } from '../../../src/client/lib/operator.ts';

await setLanguage('en');
const iso = (m: number) => new Date(Date.UTC(2026, 10, 24, 9, m)).toISOString();
const hhmm = (m: number) => formatTime(iso(m), locale.value);

const barber = (id: number, name: string, serving: number | null) => ({
  id,
  name,
  image: null,
  on_shift: true,
  shifts: [],
  speed: 1,
  serving,
  wait_time: 20,
  wait_low: 15,
  wait_high: 30,
  queue_open: true,
  serving_since: serving === null ? null : iso(0),
  expected_finish: serving === null ? null : iso(30),
  next_order: null,
  on_break_until: null,
});

function order(id: number, first: string, extra: Partial<FloorOrder> = {}): FloorOrder {
  return {
    id,
    name: first,
    customer: true,
    status: 'waiting',
    priority: 0,
    customer_at_pob: true,
    chosen_barber_id: null,
    barber_id: null,
    joined_at: iso(5),
    started_at: null,
    start: iso(30),
    expected_end: iso(60),
    wait: 25,
    position: 0,
    duration: 30,
    services: ['Haircut'],
    source: 'app',
    checked_in_at: iso(6),
    expected_at: null,
    first_name: first,
    last_initial: null,
    membership: null,
    phone_linked: false,
    party_of: null,
    person: 0,
    party_size: 1,
    stepped_out_until: null,
    no_show_from: null,
    ...extra,
  };
}

/** Matti and two companions (Junior in service with Riku), Mikko stepped out until :20, the no-show from :30. */
function floorAnswer(): Floor {
  return {
    pob: { id: 2, name: 'Kallio', open: true, full: false, queue_state: 'open', closing_soon: false, queue_version: 4 },
    barbers: [barber(1, 'Janne J.', null), barber(2, 'Riku L.', 22)],
    orders: [
      order(20, 'Matti', { last_initial: 'M', party_size: 3, position: 0, services: ['Skin fade'], membership: 1 }),
      order(21, 'Son', { party_of: 20, person: 1, position: 1, services: ['Kids cut'], customer: false }),
      order(22, 'Junior', {
        party_of: 20,
        person: 2,
        status: 'in_service',
        barber_id: 2,
        started_at: iso(0),
        wait: 0,
        position: null,
        customer: false,
      }),
      order(15, 'Mikko', {
        last_initial: 'K',
        joined_at: iso(2),
        position: 2,
        customer_at_pob: false,
        stepped_out_until: iso(20),
        no_show_from: iso(30),
      }),
    ],
  };
}

const device = { key: 'dev-key', role: 'console', pob_id: 2, device_id: 9, name: 'Front desk' };
const me = { pob_id: 2, pob_name: 'Kallio', role: 'console', device_id: 9, name: 'Front desk' };
const button = (el: Element, label: string) => [...el.querySelectorAll('button')].find((b) => text(b) === label) ?? null;
const realNow = clock.now;

async function paired(answer: Floor, extra: Record<string, unknown> = {}, role = 'console') {
  await save('operatorDevice', { ...device, role });
  const f = stubFetch({
    'GET /operator/me/': { body: { ...me, role } },
    'GET /operator/pobs/2/queue/': { body: answer },
    'POST /operator/pobs/2/events/ticket/': { status: 404, body: { error: 'Not found' } },
    ...extra,
  } as never);
  const el = await render(<Operator params={{}} />);
  await waitFor(() => text(el).includes('Mikko K.'));
  return { el, f };
}

test.before.each(() => {
  setKeyValueStore(memoryKeyValue());
  clock.now = () => Date.parse(iso(25));
  reset();
  browserOffline.value = false;
});
test.after.each(async () => {
  await cleanup();
  reset();
  clock.now = realNow;
});

test('the rules: a party is one entry where its people follow one another, each person with his own place', () => {
  const together = queueEntries(floorAnswer());
  assert.equal(
    together.map((e) => (e.kind === 'order' ? e.order.id : `party ${e.people.map((p) => p.id).join(',')}`)),
    ['party 20,21,22', 15],
  );
  const f = floorAnswer();
  // Someone else between the customer and his companion in the order of service: the party shows at each stretch,
  // so no place is listed above an earlier one (the one in service goes with the first).
  f.orders.push(order(30, 'Anna', { position: 1 }));
  f.orders[1].position = 2;
  f.orders[3].position = 3;
  const entries = queueEntries(f);
  assert.equal(
    entries.map((e) => (e.kind === 'order' ? e.order.id : `party ${e.people.map((p) => p.id).join(',')}`)),
    ['party 20,22', 30, 'party 21', 15],
  );
  const party = entries[0] as Extract<(typeof entries)[number], { kind: 'party' }>;
  assert.equal([party.positions.get(20), party.positions.get(21), party.positions.get(22)], [1, 3, undefined]);
  assert.is(party.size, 3);
  const places = entries.flatMap((e) =>
    e.kind === 'order' ? [e.position] : e.people.flatMap((p) => (p.status === 'waiting' ? [e.positions.get(p.id)!] : [])),
  );
  assert.equal(places, [1, 2, 3, 4], 'top to bottom in the order of service');
  assert.equal([partyKey(f.orders[0]), partyKey(f.orders[1]), partyKey(f.orders[3])], [20, 20, null]);
  // The customer already served: one companion left waits under his own name.
  const alone = floorAnswer();
  alone.orders = alone.orders.filter((o) => o.id !== 20 && o.id !== 22);
  assert.equal(
    queueEntries(alone).map((e) => e.kind),
    ['order', 'order'],
  );
});

test('the no-show of one who stepped out opens at no_show_from, not before; others any time', () => {
  const [matti, , , mikko] = floorAnswer().orders;
  assert.ok(noShowOpen(matti, Date.parse(iso(0))));
  assert.not.ok(noShowOpen(mikko, Date.parse(iso(29)) + 59_000));
  assert.ok(noShowOpen(mikko, Date.parse(iso(30))));
  assert.not.ok(noShowOpen({ ...mikko, no_show_from: null }, Date.parse(iso(59))), 'no time told: not offered');
});

test('the floor shows the party together: "Matti M. + 2", a row per person with his services, barber and state', async () => {
  const { el, f } = await paired(floorAnswer());
  f.restore();
  const cards = [...el.querySelectorAll('ol.op-list > li')];
  assert.is(cards.length, 2, 'the party and Mikko');
  const party = el.querySelector('[data-party="20"]')!;
  assert.is(party, cards[0]);
  assert.ok(text(party.querySelector('h3')).startsWith('Matti M. + 2'), text(party));
  assert.ok(text(party).includes('Party of 3'));
  assert.ok(text(party).includes('Member, level 1'));
  const rows = [...party.querySelectorAll('[data-order]')];
  assert.equal(
    rows.map((r) => text(r.querySelector('h4'))),
    ['Matti M.', 'Son', 'Junior'],
  );
  assert.ok(text(rows[0]).includes('Skin fade') && text(rows[1]).includes('Kids cut'));
  assert.ok(text(rows[1]).includes('Barber: Anyone'));
  assert.ok(text(rows[2]).includes('In service with Riku L.'), text(rows[2]));
  assert.equal(
    rows.map((r) => [...r.querySelectorAll('button')].map(text)),
    [['Start', 'Change', 'No-show'], ['Start', 'Change', 'No-show'], ['Finish']],
  );
  assert.is(text(el.querySelector('#op-queue')), 'Queue (3)', 'people, not parties');
  const riku = el.querySelector('[data-barber="2"]')!;
  assert.ok(text(riku).includes('Serving Junior (Matti M. + 2)'), text(riku));
});

test('each person is started and finished on his own order id', async () => {
  const { el, f } = await paired(floorAnswer(), {
    'POST /operator/orders/21/start/': { body: {} },
    'POST /operator/orders/22/finish/': { body: {} },
  });
  await fire.click(button(el.querySelector('[data-order="21"]')!, 'Start'));
  let dialog = el.querySelector('[role="dialog"]')!;
  assert.ok(text(dialog).includes('Start Son (Matti M. + 2)'), text(dialog));
  await fire.click(dialog.querySelector('input[type="radio"]')!);
  await fire.click(button(dialog, 'Start'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));
  assert.ok(text(el).includes('Son (Matti M. + 2) is being served.'), text(el));
  await fire.click(button(el.querySelector('[data-order="22"]')!, 'Finish'));
  dialog = el.querySelector('[role="dialog"]')!;
  assert.ok(text(dialog).includes('Is Junior (Matti M. + 2) done?'), text(dialog));
  await fire.click(button(dialog, 'Finish'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));
  f.restore();
  const posts = f.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/operator/orders/'));
  assert.equal(
    posts.map((c) => [c.path, c.body]),
    [
      ['/operator/orders/21/start/', { barber_id: 1 }],
      ['/operator/orders/22/finish/', {}],
    ],
  );
});

test('a companion taken off is gone from the floor and the party counts one fewer', async () => {
  const answer = floorAnswer();
  answer.orders = answer.orders.filter((o) => o.id !== 21);
  answer.orders[0].party_size = 2;
  const { el, f } = await paired(answer);
  f.restore();
  const party = el.querySelector('[data-party="20"]')!;
  assert.ok(text(party.querySelector('h3')).startsWith('Matti M. + 1'), text(party));
  assert.not.ok(text(el).includes('Son'));
  assert.equal([...party.querySelectorAll('h4')].map(text), ['Matti M.', 'Junior']);
});

test('stepped out: "Stepped out until", framed, and the no-show waits for its time on the console clock', async () => {
  const { el, f } = await paired(floorAnswer(), { 'POST /operator/orders/15/no-show/': { body: {} } });
  const card = el.querySelector('[data-order="15"]')!;
  assert.ok(card.classList.contains('away'));
  assert.ok(text(card).includes(`Stepped out until ${hhmm(20)}`), text(card));
  assert.not.ok(text(card).includes('Checked in'));
  assert.equal([...card.querySelectorAll('button')].map(text), ['Start', 'Back in the shop', 'Change', 'No-show']);
  let noShow = button(card, 'No-show') as HTMLButtonElement;
  assert.ok(noShow.disabled, 'not before no_show_from');
  const reason = el.querySelector(`[id="${noShow.getAttribute('aria-describedby')}"]`);
  assert.is(text(reason), `No-show possible from ${hhmm(30)}`);
  // The clock ticks past no_show_from.
  clock.now = () => Date.parse(iso(30));
  now.value = clock.now();
  await settle(5);
  noShow = button(el.querySelector('[data-order="15"]')!, 'No-show') as HTMLButtonElement;
  assert.not.ok(noShow.disabled);
  assert.not.ok(noShow.hasAttribute('aria-describedby'));
  assert.not.ok(text(el).includes('No-show possible from'));
  await fire.click(noShow);
  await fire.click(button(el.querySelector('[role="dialog"]')!, 'No-show'));
  await waitFor(() => !el.querySelector('[role="dialog"]'));
  f.restore();
  assert.ok(f.calls.some((c) => c.method === 'POST' && c.path === '/operator/orders/15/no-show/'));
});

test('one who stepped out is checked in again when he is back', async () => {
  const { el, f } = await paired(floorAnswer(), { 'POST /operator/orders/15/check-in/': { body: {} } });
  await fire.click(button(el.querySelector('[data-order="15"]')!, 'Back in the shop'));
  await waitFor(() => text(el).includes('Mikko K. is back in the shop.'));
  f.restore();
  assert.ok(f.calls.some((c) => c.method === 'POST' && c.path === '/operator/orders/15/check-in/'));
});

test('the display: the party on one line, one who stepped out marked away, a companion served with his party', async () => {
  const { el, f } = await paired(floorAnswer(), {}, 'display');
  f.restore();
  const lines = [...el.querySelectorAll('section[aria-labelledby="op-next"] li')].map(text);
  assert.equal(lines, ['1Matti M. + 2', `2Mikko K.away until ${hhmm(20)}`]);
  assert.ok(text(el).includes('Junior (Matti M. + 2) with Riku L.'), text(el));
  assert.is(el.querySelectorAll('button').length, 0);
});

test('texts in the operator language: a party and a step-out in Finnish', async () => {
  await setLanguage('fi');
  try {
    const { el, f } = await paired(floorAnswer());
    await waitFor(() => text(el).includes('3 hengen seurue'));
    f.restore();
    assert.ok(text(el).includes('Matti M. + 2'));
    assert.ok(text(el).includes('Käymässä ulkona klo'), text(el));
  } finally {
    await setLanguage('en');
  }
});

test.run();
