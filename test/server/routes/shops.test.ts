import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import type { WirePob, WirePobDetail } from '../../../src/shared/wire.ts';

// The harness clock starts on Tuesday 2026-11-24, 12:00 in Helsinki.
const START = Date.parse('2026-11-24T10:00:00Z');

const POB_KEYS = [
  'address',
  'chair_count',
  'city',
  'closing_soon',
  'country',
  'id',
  'location',
  'name',
  'open',
  'open_times',
  'queue_info',
  'queue_state',
  'service_time_estimates',
];
const DETAIL_KEYS = [
  ...POB_KEYS,
  'extra_services',
  'floor',
  'image',
  'notices',
  'queues',
  'service_groups',
  'services',
  'shortest_queue',
].sort();

let h: Harness;

async function get<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await h.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}

const byName = (list: WirePob[], name: string) => list.find((p) => p.name === name)!;
const wait = (p: WirePob) => p.service_time_estimates.find((e) => e.priority === 0)!.wait_time;

const list = suite('GET /pobs/');
// One database for the file: the first suite opens it, the last one closes it.
list.before(async () => {
  h = await harness({ seed: seedDemo });
});

list("lists the locale's country only, with exactly the wire fields", async () => {
  const { status, body } = await get<WirePob[]>('/api/fi/pobs/');
  assert.is(status, 200);
  assert.ok(body.length >= 11);
  for (const p of body) {
    assert.is(p.country, 'FI');
    assert.equal(Object.keys(p).sort(), POB_KEYS, `fields of ${p.name}`);
    assert.type(p.location.latitude, 'number');
    assert.equal(
      p.service_time_estimates.map((e) => e.priority),
      [0, 1, 2, 3],
    );
    for (const t of p.open_times) assert.match(`${t.open}-${t.close}`, /^\d\d:\d\d-\d\d:\d\d$/);
  }
  const cities = new Set(body.map((p) => p.city));
  for (const c of ['Helsinki', 'Espoo', 'Vantaa', 'Tampere', 'Turku', 'Oulu']) assert.ok(cities.has(c), c);
});

list('answers without the trailing slash, per locale', async () => {
  for (const [segment, country] of [
    ['se', 'SE'],
    ['no', 'NO'],
    ['dk', 'DK'],
    ['ee', 'EE'],
  ]) {
    const { status, body } = await get<WirePob[]>(`/api/${segment}/pobs`);
    assert.is(status, 200, segment);
    assert.ok(body.length >= 3, segment);
    assert.ok(
      body.every((p) => p.country === country),
      segment,
    );
  }
});

list('an unknown locale is a 404 with a JSON error', async () => {
  const { status, body } = await get<{ error: string }>('/api/xx/pobs/');
  assert.is(status, 404);
  assert.type(body.error, 'string');
});

list('a shop closed today is closed, with the queue value the state function needs (not "unknown")', async () => {
  for (const url of ['/api/fi/pobs/', '/api/fi/pobs/10/']) {
    const { body } = await get<WirePob[] | WirePob>(url);
    const oulu = Array.isArray(body) ? byName(body, 'Isokatu') : body;
    assert.is(oulu.open, false, url);
    assert.is(oulu.queue_state, 'closed', url);
    assert.equal(
      oulu.service_time_estimates.map((e) => e.wait_time),
      [0, 0, 0, 0],
      url,
    );
  }
});

list('a shop the operator switched to full is full', async () => {
  const tripla = byName((await get<WirePob[]>('/api/fi/pobs/')).body, 'Tripla');
  assert.is(tripla.open, true);
  assert.is(tripla.queue_state, 'full');
});

list('waits differ across shops as seeded', async () => {
  const shops = (await get<WirePob[]>('/api/fi/pobs/')).body;
  assert.is(wait(byName(shops, 'Kallio')), 0, 'idle shop');
  const light = wait(byName(shops, 'Punavuori'))!;
  assert.ok(light > 0 && light < 15, `a few minutes, got ${light}`);
  const busy = wait(byName(shops, 'Kamppi'))!;
  assert.ok(busy >= 15 && busy <= 50, `about half an hour, got ${busy}`);
  const packed = byName(shops, 'Itäkeskus');
  assert.ok(wait(packed)! > 60, `over an hour, got ${wait(packed)}`);
  assert.ok(packed.queue_info.queue_length > 3);
  assert.ok(packed.queue_info.queue_employees >= 1);
  // Members are served first, so a Platinum customer never waits longer than a one-time customer.
  const [none, , , platinum] = packed.service_time_estimates;
  assert.ok(platinum.wait_time! <= none.wait_time!);
});

list('test shops only in development or with ?dev=1', async () => {
  const plain = (await get<WirePob[]>('/api/fi/pobs/')).body;
  assert.not.ok(plain.some((p) => p.name.startsWith('TEST')));
  const dev = (await get<WirePob[]>('/api/fi/pobs/?dev=1')).body;
  const tests = dev.filter((p) => p.name.startsWith('TEST'));
  assert.is(tests.length, 1);
  assert.is(tests[0].is_test, true);
  assert.is((await get(`/api/fi/pobs/${tests[0].id}/`)).status, 404);
  assert.is((await get(`/api/fi/pobs/${tests[0].id}/?dev=1`)).status, 200);
});

list('follows the clock: closing soon before closing, everything closed at night', async () => {
  try {
    h.clock.set(Date.parse('2026-11-24T18:45:00Z')); // 20:45 in Helsinki; Kamppi closes at 21:00
    const evening = (await get<WirePob[]>('/api/fi/pobs/')).body;
    assert.is(byName(evening, 'Kamppi').closing_soon, true);
    assert.is(byName(evening, 'Kallio').closing_soon, false, 'open around the clock');
    h.clock.set(Date.parse('2026-11-24T22:30:00Z')); // 00:30 in Helsinki
    const night = (await get<WirePob[]>('/api/fi/pobs/')).body;
    assert.ok(night.filter((p) => p.name !== 'Kallio').every((p) => p.queue_state === 'closed' && !p.open));
    assert.is(byName(night, 'Kallio').open, true, 'the round-the-clock shop is open at night');
    assert.is(byName(night, 'Kallio').queue_info.queue_employees > 0, true);
  } finally {
    h.clock.set(START);
  }
});

list.run();

const detail = suite('GET /pobs/{id}/');
detail.after(() => h.close());

detail('ids must be positive integers', async () => {
  for (const bad of ['abc', '0', '-1', '1.5', '1e3', '%20']) {
    const { status, body } = await get<{ error: string }>(`/api/fi/pobs/${bad}/`);
    assert.is(status, 400, bad);
    assert.type(body.error, 'string');
  }
});

detail('an unknown id, or a shop of another country, is not found', async () => {
  assert.equal(await get('/api/fi/pobs/9999/'), { status: 404, body: { error: 'Not found' } });
  assert.equal(await get('/api/fi/pobs/99999999999/'), { status: 404, body: { error: 'Not found' } });
  const helsinki = byName((await get<WirePob[]>('/api/fi/pobs/')).body, 'Kamppi');
  assert.equal(await get(`/api/se/pobs/${helsinki.id}/`), { status: 404, body: { error: 'Not found' } });
  assert.equal(await get(`/api/se/pobs/${helsinki.id}`), { status: 404, body: { error: 'Not found' } });
});

detail('has the list fields plus the menu and the barber queues', async () => {
  const kamppi = byName((await get<WirePob[]>('/api/fi/pobs/')).body, 'Kamppi');
  const { status, body } = await get<WirePobDetail>(`/api/fi/pobs/${kamppi.id}/?lang=en`);
  assert.is(status, 200);
  assert.equal(Object.keys(body).sort(), DETAIL_KEYS);
  assert.equal(body.service_time_estimates, kamppi.service_time_estimates, 'same engine answer as the list');
  assert.type(body.image, 'string');
  assert.is(body.floor, '2nd floor');
  assert.ok(body.notices.length >= 1);
  assert.ok(body.service_groups.map((g) => g.title).includes('Haircuts'));
  assert.ok(body.services.some((s) => s.multiple));
});

detail('services sorted by order, extras keyed by service id', async () => {
  const { body } = await get<WirePobDetail>('/api/fi/pobs/1/?lang=en');
  const orders = body.services.map((s) => s.order);
  assert.equal(
    orders,
    [...orders].sort((a, b) => a - b),
  );
  const groupIds = new Set(body.service_groups.map((g) => g.id));
  for (const s of body.services) {
    assert.ok(groupIds.has(s.group_id), `group of ${s.title}`);
    assert.ok(s.duration >= 15 && s.duration <= 60, s.title);
    assert.ok(s.price >= 2500 && s.price <= 4500, `${s.title} in euro cents`);
    const extras = body.extra_services[String(s.id)];
    assert.ok(Array.isArray(extras), `extras of ${s.title}`);
    for (const e of extras) assert.is(e.service_id, s.id);
    const eo = extras.map((e) => e.order);
    assert.equal(
      eo,
      [...eo].sort((a, b) => a - b),
    );
  }
  assert.equal(Object.keys(body.extra_services).sort(), body.services.map((s) => String(s.id)).sort());
  assert.ok(
    Object.values(body.extra_services)
      .flat()
      .some((e) => e.title === 'Hair wash'),
  );
});

detail('prices in crowns outside the euro countries', async () => {
  const stockholm = (await get<WirePob[]>('/api/se/pobs')).body[0];
  const { body } = await get<WirePobDetail>(`/api/se/pobs/${stockholm.id}?lang=en`);
  const haircut = body.services.find((s) => s.title === 'Haircut')!;
  assert.ok(haircut.price >= 30000 && haircut.price <= 45000, `kr in öre, got ${haircut.price}`);
});

detail('barber queues come from the engine, the shortest one is the minimum', async () => {
  const { body } = await get<WirePobDetail>('/api/fi/pobs/1/');
  assert.ok(body.queues.length >= 1);
  for (const q of body.queues) {
    // The spec's fields, the wait's likely window beside wait_time, and the same wait for each priority (index =
    // priority; priority 0's is the spec's own).
    assert.equal(Object.keys(q).sort(), ['barber', 'queue_open', 'wait_high', 'wait_low', 'wait_time', 'waits']);
    assert.equal(
      q.waits!.map((w) => w.priority),
      [0, 1, 2, 3],
    );
    assert.equal(q.waits![0], { priority: 0, wait_time: q.wait_time, wait_low: q.wait_low ?? null, wait_high: q.wait_high ?? null });
    assert.match(q.barber.name, /^\S+ \S\.$/);
    assert.ok(q.barber.image === null || q.barber.image.startsWith('/images/barbers/'));
  }
  const open = body.queues.filter((q) => q.queue_open).map((q) => q.wait_time!);
  assert.is(body.shortest_queue, open.length ? Math.min(...open) : null);
  const idle = (await get<WirePobDetail>('/api/fi/pobs/2/')).body;
  assert.is(idle.shortest_queue, 0);
  assert.is(idle.image, false);
});

detail.run();
