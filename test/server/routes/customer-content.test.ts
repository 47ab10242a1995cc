/** Receipts, messages (locale, language, read flags, sanitizing), benefit redeem, the bonus teaser, the demo seed. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { insertBenefit } from '../../../src/server/repos/benefits.ts';
import { insertMessage, sanitizeMessageHtml } from '../../../src/server/repos/messages.ts';
import { insertReceipt, vatIncluded } from '../../../src/server/repos/receipts.ts';
import { seedAccounts, DEMO_PASSWORD } from '../../../src/server/seed/accounts.ts';
import type { Harness } from '../harness.ts';
import { accountsHarness, call, login, newCustomer } from '../accounts-helpers.ts';

let h: Harness;
let demo: Awaited<ReturnType<typeof seedAccounts>>;
test.before(async () => {
  h = await accountsHarness({}, async (db, now) => (demo = await seedAccounts(db, now, { scrypt: { logN: 10, r: 8, p: 1 } })));
});
test.after(async () => h.close());

const DAY = 86_400_000;
const pob = { name: 'Walk-in Kamppi', address: 'Katu 1', city: 'Helsinki' };

// First, before other tests add messages to everyone.
test('demo seed: one account per level and one without, each with messages, receipts and (members) benefits', async () => {
  assert.equal(
    demo.map((d) => [d.phone, d.level]),
    [
      ['+358401000001', 'silver'],
      ['+358401000002', 'gold'],
      ['+358401000003', 'platinum'],
      ['+358401000004', 'none'],
    ],
  );
  for (const d of demo) {
    assert.is(d.password, DEMO_PASSWORD);
    const s = await login(h, d.phone, d.password);
    const p = (await call(h, { url: `/api/fi/customers/${s.id}/`, token: s.access })).json;
    assert.is(p.membership?.type ?? 'none', d.level);
    assert.is(p.bonus === null, d.level === 'none');
    if (p.bonus) assert.ok(p.bonus.benefits[0].isRedeemable);
    const fi = (await call(h, { url: `/api/fi/customers/${s.id}/messages/`, token: s.access })).json;
    const en = (await call(h, { url: `/api/fi/customers/${s.id}/messages/?lang=en`, token: s.access })).json;
    assert.is(fi.length, 3);
    assert.ok(
      fi.some((m: { read: boolean }) => m.read) &&
        fi.some((m: { unread: boolean }) => m.unread) &&
        fi.some((m: { read: boolean; unread: boolean }) => !m.read && !m.unread),
    );
    assert.ok(en.every((m: { language: string }) => m.language === 'en'));
    const receipts = (await call(h, { url: `/api/fi/customers/${s.id}/receipts/`, token: s.access })).json;
    assert.ok(receipts.length >= 2);
    const rates = new Set(receipts.flatMap((r: { rows: { vat: number }[] }) => r.rows.map((x) => x.vat)));
    assert.equal([...rates].sort(), [14, 25.5]);
  }
});

test("receipts: newest first, rows with VAT, only the owner's", async () => {
  const me = await newCustomer(h);
  const other = await newCustomer(h);
  const now = h.clock.now();
  const older = await insertReceipt(h.db, {
    customerId: me.id,
    pob,
    createdAt: now - 5 * DAY,
    rows: [{ name: 'Leikkaus', amount: 1, price: 3900, vat: 25.5 }],
  });
  const newer = await insertReceipt(h.db, {
    customerId: me.id,
    pob,
    createdAt: now - DAY,
    rows: [
      { name: 'Parranajo', amount: 1, price: 2500, vat: 25.5 },
      { name: 'Kahvi', amount: 2, price: 350, vat: 14 },
    ],
  });
  await insertReceipt(h.db, { customerId: other.id, pob, createdAt: now, rows: [{ name: 'Leikkaus', amount: 1, price: 3900, vat: 25.5 }] });
  const res = await call(h, { url: `/api/fi/customers/${me.id}/receipts/`, token: me.access });
  assert.is(res.status, 200);
  assert.equal(
    res.json.map((r: { id: number }) => r.id),
    [newer, older],
  );
  const r = res.json[0];
  for (const k of ['id', 'created', 'rows', 'pob', 'status', 'type']) assert.ok(k in r, k);
  // No shop id was written: pob.id is null (development renaming finds a shop by it).
  assert.equal(r.pob, { id: null, ...pob });
  assert.is(r.created, new Date(now - DAY).toISOString());
  // A receipt of one person: every row his own (person 0), no companion's name.
  assert.equal(r.rows, [
    { name: 'Parranajo', amount: 1, price: 2500, vat: 25.5, vat_amount: 508, person: 0, person_name: null },
    { name: 'Kahvi', amount: 2, price: 350, vat: 14, vat_amount: 86, person: 0, person_name: null },
  ]);
  assert.is(r.total, 3200);
  assert.is(vatIncluded(3900, 25.5), 792); // 3900 × 25.5 / 125.5 = 792.43
});

test('messages: the locale of the path decides, the language falls back, read flags are per customer', async () => {
  const a = await newCustomer(h);
  const b = await newCustomer(h);
  const now = h.clock.now();
  const both = await insertMessage(h.db, {
    customerId: null,
    locale: 'FI',
    createdAt: now - DAY,
    texts: [
      { language: 'fi', title: 'Hei', content: '<p>Suomeksi</p>' },
      { language: 'en', title: 'Hello', content: '<p>In English</p>' },
    ],
  });
  const own = await insertMessage(h.db, {
    customerId: a.id,
    locale: 'FI',
    createdAt: now - 2 * DAY,
    texts: [{ language: 'fi', title: 'Sinulle', content: '<p>Vain sinulle</p>' }],
  });
  const old = await insertMessage(h.db, {
    customerId: a.id,
    locale: 'FI',
    createdAt: now - 40 * DAY,
    texts: [{ language: 'fi', title: 'Vanha', content: '<p>x</p>' }],
  });
  const ee = await insertMessage(h.db, {
    customerId: a.id,
    locale: 'EE',
    createdAt: now,
    texts: [{ language: 'ee', title: 'Tere', content: '<p>x</p>' }],
  });

  const fi = (await call(h, { url: `/api/fi/customers/${a.id}/messages/`, token: a.access })).json;
  assert.equal(
    fi.map((m: { id: number }) => m.id),
    [both, own, old],
  );
  assert.equal(Object.keys(fi[0]).sort(), ['content', 'date', 'id', 'language', 'locale', 'read', 'title', 'unread']);
  assert.is(fi[0].title, 'Hei');
  assert.equal([fi[0].unread, fi[2].unread], [true, false], 'older than a month never counts as unread');
  const en = (await call(h, { url: `/api/fi/customers/${a.id}/messages/?lang=en`, token: a.access })).json;
  assert.equal([en[0].title, en[1].title], ['Hello', 'Sinulle'], 'English where there is English, else the locale language');
  const est = (await call(h, { url: `/api/ee/customers/${a.id}/messages/`, token: a.access })).json;
  assert.equal(
    est.map((m: { id: number }) => m.id),
    [ee],
  );

  const read = await call(h, {
    method: 'PATCH',
    url: `/api/fi/customers/${a.id}/messages/${both}/`,
    token: a.access,
    body: { read: true },
  });
  assert.is(read.status, 200);
  assert.equal([read.json.id, read.json.read, read.json.unread], [both, true, false]);
  const bList = (await call(h, { url: `/api/fi/customers/${b.id}/messages/`, token: b.access })).json;
  assert.equal(
    bList.map((m: { id: number; read: boolean }) => [m.id, m.read]),
    [[both, false]],
    "b sees the broadcast, unread, and not a's own",
  );
  const unread = await call(h, {
    method: 'PATCH',
    url: `/api/fi/customers/${a.id}/messages/${both}`,
    token: a.access,
    body: { read: false },
  });
  assert.is(unread.json.read, false);
});

test("messages PATCH: another customer's or a missing message is 404, bad bodies 400", async () => {
  const a = await newCustomer(h);
  const b = await newCustomer(h);
  const mine = await insertMessage(h.db, {
    customerId: a.id,
    locale: 'FI',
    createdAt: h.clock.now(),
    texts: [{ language: 'fi', title: 'T', content: 'x' }],
  });
  const url = (id: number | string) => `/api/fi/customers/${b.id}/messages/${id}/`;
  assert.equal((await call(h, { method: 'PATCH', url: url(mine), token: b.access, body: { read: true } })).json, {
    error: 'Message not found',
  });
  assert.is((await call(h, { method: 'PATCH', url: url(999999), token: b.access, body: { read: true } })).status, 404);
  assert.equal((await call(h, { method: 'PATCH', url: url(mine), token: b.access, body: { read: 'yes' } })).json, {
    error: 'Invalid read',
    field: 'read',
  });
  assert.equal((await call(h, { method: 'PATCH', url: url(mine), token: b.access, body: { read: true, title: 'x' } })).json, {
    error: 'Unknown field title',
    field: 'title',
  });
  assert.is((await h.db.query('SELECT 1 FROM message_reads WHERE message_id = $1', [mine])).rows.length, 0);
});

test('sanitizing on write: no script, no event attributes, no javascript: links; basic formatting stays', async () => {
  const dirty =
    '<p onclick="steal()">Hi <b>there</b> <script>alert(1)</script><img src=x onerror="alert(2)">' +
    '<a href="javascript:alert(3)">bad</a> <a href="https://example.fi" onmouseover="x()">good</a></p><iframe src="https://evil"></iframe><style>p{}</style>';
  const clean = sanitizeMessageHtml(dirty);
  for (const bad of ['<script', 'alert(1)', 'onclick', 'onerror', 'onmouseover', '<img', 'javascript:', '<iframe', '<style'])
    assert.not.ok(clean.includes(bad), `${bad} in ${clean}`);
  assert.ok(clean.includes('<b>there</b>'));
  assert.ok(clean.includes('<a href="https://example.fi" target="_blank" rel="noopener noreferrer">good</a>'), clean);
  const me = await newCustomer(h);
  await insertMessage(h.db, {
    customerId: me.id,
    locale: 'FI',
    createdAt: h.clock.now(),
    texts: [{ language: 'fi', title: '<script>x</script>Otsikko<b>!</b>', content: dirty }],
  });
  const stored = (
    await h.db.query<{ title: string; content: string }>(
      'SELECT title, content FROM message_texts t JOIN messages m ON m.id = t.message_id WHERE m.customer_id = $1',
      [me.id],
    )
  ).rows[0];
  assert.is(stored.title, 'Otsikko!');
  assert.is(stored.content, clean);
});

test("benefit redeem: once, with its code; refused when redeemed, expired, another's, or without e-mail permission", async () => {
  const me = await newCustomer(h, { email: 'me@example.fi', allow_email: true });
  const now = h.clock.now();
  const ok = await insertBenefit(h.db, { customerId: me.id, title: 'Etu', value: '-5 €', redeemCode: 'CODE-1', issuedAt: now - DAY });
  const expired = await insertBenefit(h.db, {
    customerId: me.id,
    title: 'Vanha',
    value: '-5 €',
    redeemCode: 'CODE-2',
    issuedAt: now - 90 * DAY,
    validUntil: '2026-01-01',
  });
  const url = (bid: number, id = me.id) => `/api/fi/customers/${id}/benefits/${bid}/redeem/`;
  const res = await call(h, { method: 'POST', url: url(ok), token: me.access });
  assert.is(res.status, 200);
  assert.equal([res.json.redeemCode, res.json.isRedeemable, res.json.dateRedeemed], ['CODE-1', false, new Date(now).toISOString()]);
  assert.equal((await call(h, { method: 'POST', url: url(ok), token: me.access })).json, { error: 'Benefit already redeemed' });
  assert.equal((await call(h, { method: 'POST', url: url(expired), token: me.access })).json, { error: 'Benefit is not redeemable' });
  const other = await newCustomer(h, { email: 'o@example.fi', allow_email: true });
  const res404 = await call(h, { method: 'POST', url: url(expired, other.id), token: other.access });
  assert.equal([res404.status, res404.json], [404, { error: 'Benefit not found' }]);
  const noPermission = await newCustomer(h);
  const theirs = await insertBenefit(h.db, {
    customerId: noPermission.id,
    title: 'Etu',
    value: '-5 €',
    redeemCode: 'CODE-3',
    issuedAt: now,
  });
  const refused = await call(h, { method: 'POST', url: url(theirs, noPermission.id), token: noPermission.access });
  assert.equal([refused.status, refused.json.field], [400, 'email']);
});

test('bonus teaser: FI only, a valid e-mail with permission, linked to the customer when logged in', async () => {
  const me = await newCustomer(h);
  const post = (body: unknown, o: { token?: string; locale?: string } = {}) =>
    call(h, { method: 'POST', url: `/api/${o.locale ?? 'fi'}/bonus-teaser/`, body, token: o.token });
  assert.is((await post({ email: 'a@example.fi', allow_email: true })).status, 201);
  assert.is((await post({ email: 'B@example.fi', allow_email: true }, { token: me.access })).status, 201);
  assert.equal((await post({ allow_email: true })).json, { error: 'Missing email parameter', field: 'email' });
  assert.equal((await post({ email: 'nope', allow_email: true })).json, { error: 'Please check the email address', field: 'email' });
  assert.equal((await post({ email: 'c@example.fi', allow_email: false })).json, {
    error: 'E-mail permission is required',
    field: 'allow_email',
  });
  assert.is((await post({ email: 'c@example.fi', allow_email: true }, { token: 'garbage' })).status, 401);
  assert.is((await post({ email: 'c@example.fi', allow_email: true }, { locale: 'se' })).status, 404);
  const rows = (
    await h.db.query<{ email: string; customer_id: number | null }>('SELECT email, customer_id FROM bonus_teaser_signups ORDER BY email')
  ).rows;
  assert.equal(rows, [
    { email: 'a@example.fi', customer_id: null },
    { email: 'b@example.fi', customer_id: me.id },
  ]);
});

test.run();
