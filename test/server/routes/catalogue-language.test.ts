/**
 * The catalogue in the customer's language: menu texts, notices, barber bios and receipt rows come in
 * ?lang= (all 7 languages), an unknown language reads Finnish, and the pob cache keeps languages apart.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, item, operatorKey, relogin } from '../queue-helpers.ts';
import { ALL_LANGUAGES } from '../../../src/shared/locales.ts';
import type { WireEmployee, WirePobDetail } from '../../../src/shared/wire.ts';
import type { WireOrder } from '../../../src/shared/wire-order.ts';

let h: Harness;
const test = suite('catalogue language');
test.before(async () => {
  h = await harness({ seed: seedDemo });
});
test.after(() => h.close());

const pob = async (url: string) => (await call<WirePobDetail>(h, 'GET', url)).body;
const haircut = (p: WirePobDetail) => p.services.find((s) => s.order === 1)!;

test('a shop page reads in each of the 7 languages: services, groups, extras and notices', async () => {
  const want: Record<string, [string, string, string, string]> = {
    fi: ['Hiustenleikkaus', 'Hiustenleikkaukset', 'Hiustenpesu', 'Sunnuntaisin sisäänkäynti Narinkkatorin puolelta.'],
    en: ['Haircut', 'Haircuts', 'Hair wash', 'Entrance from the Narinkkatori side on Sundays.'],
    ee: ['Juukselõikus', 'Juukselõikused', 'Juuste pesu', 'Pühapäeviti sissepääs Narinkkatori poolt.'],
    no: ['Hårklipp', 'Hårklipp', 'Hårvask', 'Inngang fra Narinkkatori-siden på søndager.'],
    sv: ['Klippning', 'Klippningar', 'Hårtvätt', 'Ingång från Narinkkatori-sidan på söndagar.'],
    dk: ['Klipning', 'Klipninger', 'Hårvask', 'Indgang fra Narinkkatori-siden om søndagen.'],
    de: ['Haarschnitt', 'Haarschnitte', 'Haarwäsche', 'Sonntags Eingang von der Seite des Narinkkatori.'],
  };
  assert.equal(Object.keys(want).sort(), [...ALL_LANGUAGES].sort());
  for (const [lang, [service, group, extra, notice]] of Object.entries(want)) {
    const p = await pob(`/api/fi/pobs/1/?lang=${lang}`);
    const s = haircut(p);
    assert.is(s.title, service, lang);
    assert.ok(s.description.length > 0 && s.long_description.length > 0, lang);
    assert.is(p.service_groups[0].title, group, lang);
    assert.is(p.extra_services[String(s.id)][0].title, extra, lang);
    assert.equal(p.notices, [notice], lang);
  }
  // Prices, ids and the order of things do not depend on the language.
  const [fi, de] = [await pob('/api/fi/pobs/1/?lang=fi'), await pob('/api/fi/pobs/1/?lang=de')];
  assert.equal(
    fi.services.map((s) => [s.id, s.price, s.order]),
    de.services.map((s) => [s.id, s.price, s.order]),
  );
});

test('the demo seeds every customer-facing text in all 7 languages', async () => {
  for (const [table, fields] of [
    ['service_groups', ['title', 'description']],
    ['services', ['title', 'description', 'long_description']],
    ['extra_services', ['title', 'description']],
    ['barbers', ['description']],
  ] as const) {
    const { rows } = await h.db.query<{ id: number; texts: Record<string, Record<string, string>> }>(`SELECT id, texts FROM ${table}`);
    assert.ok(rows.length > 0, table);
    for (const r of rows) {
      assert.equal(Object.keys(r.texts).sort(), [...ALL_LANGUAGES].sort(), `${table} ${r.id}`);
      for (const lang of ALL_LANGUAGES) for (const f of fields) assert.ok(r.texts[lang][f]?.length > 0, `${table} ${r.id} ${lang} ${f}`);
    }
  }
  const { rows } = await h.db.query<{ id: number; notices: string[]; texts: Record<string, { notices: string[] }> }>(
    'SELECT id, notices, texts FROM shops',
  );
  for (const r of rows) for (const lang of ALL_LANGUAGES) assert.is(r.texts[lang].notices.length, r.notices.length, `shop ${r.id} ${lang}`);
});

test("ISO spellings name the same language; an unknown or missing one reads the locale's language", async () => {
  assert.is(haircut(await pob('/api/fi/pobs/1/?lang=et')).title, 'Juukselõikus');
  assert.is(haircut(await pob('/api/fi/pobs/1/?lang=nb')).title, 'Hårklipp');
  assert.is(haircut(await pob('/api/fi/pobs/1/?lang=da')).title, 'Klipning');
  for (const url of ['/api/fi/pobs/1/?lang=xx', '/api/fi/pobs/1/?lang=', '/api/fi/pobs/1/']) {
    const res = await call<WirePobDetail>(h, 'GET', url);
    assert.is(res.status, 200, url);
    assert.is(haircut(res.body).title, 'Hiustenleikkaus', url);
  }
  // Not Finnish on another country's locale: its own language.
  assert.is(haircut(await pob('/api/se/pobs/21/')).title, 'Klippning');
});

test("an order read without ?lang= names the services in the customer's profile language, each language's bytes kept apart", async () => {
  const c = await customer(h, { language: 'fi' });
  const s = haircut(await pob('/api/fi/pobs/2/?lang=en'));
  // The app joined in English (its UI language then); the profile says Finnish.
  const join = await call<WireOrder>(h, 'POST', `/api/fi/customers/${c.id}/orders/?lang=en`, {
    token: c.token,
    body: { pob_id: 2, items: [item(s)] },
  });
  assert.is(join.status, 201, JSON.stringify(join.body));
  assert.is(join.body.services[0].title, 'Haircut', '?lang= wins');
  const url = `/api/fi/customers/${c.id}/orders/${join.body.id}/`;
  const names = async (q: string) => {
    const r = await call<WireOrder>(h, 'GET', `${url}${q}`, { token: c.token });
    assert.is(r.status, 200, JSON.stringify(r.body));
    return r.body.services.map((x) => x.title);
  };
  // Read in English first: the kept English bytes must not answer the Finnish read, nor the other way round.
  assert.equal(await names('?lang=en'), ['Haircut']);
  assert.equal(await names(''), ['Hiustenleikkaus'], 'no ?lang=: the profile language, as GET /api/fi/pobs/{id}/');
  assert.equal(await names('?lang=en'), ['Haircut']);
  assert.equal(await names('?lang=sv'), ['Klippning']);
  assert.equal(await names(''), ['Hiustenleikkaus']);
  // The profile's language changes: the next read without ?lang= follows it.
  assert.is((await call(h, 'PATCH', `/api/fi/customers/${c.id}/`, { token: c.token, body: { language: 'de' } })).status, 200);
  assert.equal(await names(''), ['Haarschnitt']);
  await h.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [join.body.id]);
});

test('the cache keeps languages apart: an English read right after a Swedish one is English', async () => {
  assert.is(haircut(await pob('/api/se/pobs/21/?lang=sv')).title, 'Klippning');
  assert.is(haircut(await pob('/api/se/pobs/21/?lang=en')).title, 'Haircut');
  assert.is(haircut(await pob('/api/se/pobs/21/?lang=sv')).title, 'Klippning');
});

test('barber bios come in the language asked for, list and page alike', async () => {
  const fi = (await call<WireEmployee[]>(h, 'GET', '/api/fi/employees/?lang=fi')).body;
  const en = (await call<WireEmployee[]>(h, 'GET', '/api/fi/employees/?lang=en')).body;
  const b = en.find((x) => x.description.includes(' is at home with skin fades'))!;
  assert.ok(b, 'a barber with the first speciality');
  assert.is(fi.find((x) => x.id === b.id)!.description, `${b.firstname} on kotonaan skin fadeissa ja veitsenterävissä rajauksissa.`);
  const sv = (await call<WireEmployee>(h, 'GET', `/api/fi/employees/${b.id}/?lang=sv`)).body;
  assert.is(sv.description, `${b.firstname} är hemma med skin fades och knivskarpa linjer.`);
});

test("a served order's receipt rows read in the customer's language", async () => {
  const c = await customer(h, { language: 'sv' });
  const p = await pob('/api/fi/pobs/2/?lang=en');
  const s = haircut(p);
  const extra = p.extra_services[String(s.id)][0];
  const order = await call<WireOrder>(h, 'POST', `/api/fi/customers/${c.id}/orders/`, {
    token: c.token,
    body: { pob_id: 2, items: [item(s, [extra])] },
  });
  assert.is(order.status, 201, JSON.stringify(order.body));
  const key = await operatorKey(h, 2);
  const op = (path: string, body?: unknown) =>
    h.app.inject({ method: 'POST', url: `/api/fi/operator/${path}`, headers: { authorization: `Bearer ${key}` }, payload: body as object });
  const queue = (
    await h.app.inject({ method: 'GET', url: '/api/fi/operator/pobs/2/queue/', headers: { authorization: `Bearer ${key}` } })
  ).json() as {
    barbers: { id: number; on_shift: boolean; serving: unknown }[];
  };
  const barber = queue.barbers.find((x) => x.on_shift && x.serving === null)!;
  assert.is((await op(`orders/${order.body.id}/start/`, { barber_id: barber.id })).statusCode, 200);
  h.clock.advance(35);
  assert.is((await op(`orders/${order.body.id}/finish/`)).statusCode, 200);
  await relogin(h, c);
  const names = async (q: string) => {
    const r = await call<{ rows: { name: string }[] }[]>(h, 'GET', `/api/fi/customers/${c.id}/receipts/${q}`, { token: c.token });
    assert.is(r.status, 200);
    return r.body[0].rows.map((x) => x.name);
  };
  // No ?lang=: the customer's stored language (Swedish); ?lang= wins over it.
  assert.equal(await names(''), ['Klippning', 'Hårtvätt']);
  assert.equal(await names('?lang=de'), ['Haarschnitt', 'Haarwäsche']);
  assert.equal(await names('?lang=fi'), ['Hiustenleikkaus', 'Hiustenpesu']);
});

test.run();
