import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import type { WireEmployee, WirePob } from '../../../src/shared/wire.ts';

const EMPLOYEE_KEYS = [
  'active_pob',
  'avatar',
  'avatar_active',
  'barbershop',
  'description',
  'firstname',
  'full_name',
  'has_avatar',
  'has_image',
  'id',
  'image',
  'lastname',
  'pob_id',
  'shifts',
  'status',
];
// The harness clock: Tuesday 2026-11-24, 12:00 in Helsinki.
const WEEK = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'];

let h: Harness;

async function get<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await h.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}

async function idsWhere(sql: string): Promise<number[]> {
  return (await h.db.query<{ id: number }>(sql)).rows.map((r) => r.id);
}

const list = suite('GET /employees/');
// One database for the file: the first suite opens it, the last one closes it.
list.before(async () => {
  h = await harness({ seed: seedDemo });
});

list("lists the locale's barbers with exactly the wire fields", async () => {
  const { status, body } = await get<WireEmployee[]>('/api/fi/employees/');
  assert.is(status, 200);
  assert.ok(body.length >= 25);
  const fiShops = new Set((await get<WirePob[]>('/api/fi/pobs/')).body.map((p) => p.id));
  for (const e of body) {
    assert.equal(Object.keys(e).sort(), EMPLOYEE_KEYS, `fields of ${e.full_name}`);
    assert.is(e.full_name, `${e.firstname} ${e.lastname}`);
    assert.ok(e.description.length > 10);
    assert.ok(e.pob_id === null || fiShops.has(e.pob_id), `${e.full_name} works in Finland`);
  }
  const se = (await get<WireEmployee[]>('/api/se/employees')).body;
  assert.ok(se.length >= 8);
  const fiIds = new Set(body.map((e) => e.id));
  assert.not.ok(
    se.some((e) => fiIds.has(e.id)),
    'no barber in two countries',
  );
});

list('hidden barbers only in development or with ?dev=1', async () => {
  const hidden = await idsWhere('SELECT id FROM barbers WHERE hidden');
  assert.is(hidden.length, 2);
  const plain = (await get<WireEmployee[]>('/api/fi/employees/')).body.map((e) => e.id);
  assert.not.ok(plain.some((id) => hidden.includes(id)));
  const dev = (await get<WireEmployee[]>('/api/fi/employees/?dev=1')).body.map((e) => e.id);
  assert.ok(dev.some((id) => hidden.includes(id)));
  assert.is((await get(`/api/fi/employees/${hidden[0]}/`)).status, 404);
});

list('shifts cover today and the next 6 days, dated in shop time', async () => {
  const body = (await get<WireEmployee[]>('/api/fi/employees/')).body;
  const dates = new Set(body.flatMap((e) => e.shifts.map((s) => s.date)));
  assert.equal([...dates].sort(), WEEK);
  for (const e of body) {
    for (const s of e.shifts) {
      assert.ok(Date.parse(s.start) < Date.parse(s.end));
      const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(Date.parse(s.start));
      assert.is(s.date, local, 'date is the local date of the start');
      assert.type(s.pob_name, 'string');
      assert.type(s.pob_id, 'number');
    }
    const starts = e.shifts.map((s) => s.start);
    assert.equal(starts, [...starts].sort(), 'in time order');
    if (e.status === 'active') assert.ok(e.shifts.length >= 4, `${e.full_name} works most days`);
    else assert.is(e.shifts.length, 0);
  }
});

list("today's shop is where the shift today is, else the home shop for pob_id", async () => {
  const body = (await get<WireEmployee[]>('/api/fi/employees/')).body;
  const working = body.filter((e) => e.shifts.some((s) => s.date === WEEK[0]));
  assert.ok(working.length >= 20);
  for (const e of working) {
    const today = e.shifts.find((s) => s.date === WEEK[0])!;
    assert.is(e.active_pob?.id, today.pob_id);
    assert.equal(e.barbershop, e.active_pob);
    assert.is(e.pob_id, today.pob_id);
    assert.equal(Object.keys(e.active_pob!).sort(), ['address', 'city', 'id', 'name']);
  }
  const away = body.filter((e) => !e.shifts.some((s) => s.date === WEEK[0]));
  for (const e of away) {
    assert.is(e.active_pob, null);
    assert.is(e.barbershop, null);
  }
  const inactive = body.find((e) => e.status === 'inactive')!;
  assert.ok(inactive.pob_id !== null, 'an inactive barber still has a home shop');
  // Floating barbers work in several shops over the week.
  assert.ok(body.some((e) => new Set(e.shifts.map((s) => s.pob_id)).size > 1));
});

list('image fields are consistent', async () => {
  const body = (await get<WireEmployee[]>('/api/fi/employees/?dev=1')).body;
  for (const e of body) {
    assert.is(e.has_image, e.image !== null);
    assert.is(e.has_avatar, e.avatar !== null);
    for (const url of [e.image, e.avatar]) {
      if (url === null) continue;
      const n = Number(/^\/images\/barbers\/(\d+)\.svg$/.exec(url)?.[1]);
      assert.ok(n >= 1 && n <= 16, url);
    }
  }
  assert.ok(
    body.some((e) => e.has_image && !e.avatar_active),
    'some show a photo',
  );
  assert.ok(
    body.some((e) => e.avatar_active && e.has_avatar),
    'some show an avatar',
  );
  assert.ok(
    body.some((e) => !e.has_image && !e.has_avatar),
    'some have neither',
  );
});

list.run();

const detail = suite('GET /employees/{id}/');
detail.after(() => h.close());

detail('answers the same barber as the list', async () => {
  const first = (await get<WireEmployee[]>('/api/fi/employees/')).body[3];
  const { status, body } = await get<WireEmployee>(`/api/fi/employees/${first.id}/`);
  assert.is(status, 200);
  assert.equal(body, first);
  assert.is((await get(`/api/fi/employees/${first.id}`)).status, 200);
});

detail('bad ids are 400, unknown ids and other countries 404', async () => {
  for (const bad of ['x', '0', '-3', '2.5']) assert.is((await get(`/api/fi/employees/${bad}/`)).status, 400, bad);
  assert.equal(await get('/api/fi/employees/9999/'), { status: 404, body: { error: 'Not found' } });
  const finn = (await get<WireEmployee[]>('/api/fi/employees/')).body[0];
  assert.equal(await get(`/api/se/employees/${finn.id}`), { status: 404, body: { error: 'Not found' } });
});

detail('a barber without a home shop is listed where they work', async () => {
  const floaters = await idsWhere('SELECT id FROM barbers WHERE home_shop_id IS NULL AND NOT hidden');
  assert.ok(floaters.length >= 2);
  const { status, body } = await get<WireEmployee>(`/api/fi/employees/${floaters[0]}/`);
  assert.is(status, 200);
  assert.ok(body.active_pob !== null);
  assert.is(body.pob_id, body.active_pob!.id);
});

detail.run();
