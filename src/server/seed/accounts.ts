/**
 * Demo accounts: one per membership level and one without, each with messages in Finnish and English (some
 * read, one older than a month), receipts with rows and Finnish VAT (25.5 %, coffee at 14 %), and for
 * members a bonus balance with benefits. Everything is relative to `now`, so a fresh seed always looks current.
 * All demo accounts share the documented password `Demo1234` (README).
 */
import type { Queryable } from '../db/db.ts';
import { hashPassword, OWASP_SCRYPT, type ScryptParams } from '../auth/passwords.ts';
import type { MembershipType } from '../../shared/wire-account.ts';
import { insertBenefit, upsertBonusAccount } from '../repos/benefits.ts';
import { insertCustomer, upsertMembership } from '../repos/customers.ts';
import { insertMessage, setRead } from '../repos/messages.ts';
import { insertReceipt, VAT_GENERAL, VAT_REDUCED } from '../repos/receipts.ts';
import { RECEIPT_TEXTS, translate } from './texts-other.ts';

export const DEMO_PASSWORD = 'Demo1234';

const DAY = 24 * 3_600_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface DemoAccount {
  phone: string;
  firstname: string;
  lastname: string;
  email: string;
  level: MembershipType | null;
  credits: [number, number, number];
}

const ACCOUNTS: DemoAccount[] = [
  { phone: '+358401000001', firstname: 'Sami', lastname: 'Hopea', email: 'sami.hopea@example.fi', level: 'silver', credits: [2, 1, 0] },
  { phone: '+358401000002', firstname: 'Kalle', lastname: 'Kulta', email: 'kalle.kulta@example.fi', level: 'gold', credits: [5, 2, 1] },
  {
    phone: '+358401000003',
    firstname: 'Pekka',
    lastname: 'Platina',
    email: 'pekka.platina@example.fi',
    level: 'platinum',
    credits: [10, 4, 3],
  },
  { phone: '+358401000004', firstname: 'Olli', lastname: 'Ostaja', email: 'olli.ostaja@example.fi', level: null, credits: [0, 0, 0] },
];

// Shops printed on the receipts when the chain has not been seeded (tests seed accounts alone).
const FALLBACK_SHOPS = [
  { id: null, name: 'Walk-in Barbers Kamppi', address: 'Urho Kekkosen katu 1', city: 'Helsinki' },
  { id: null, name: 'Walk-in Barbers Tampere', address: 'Hämeenkatu 10', city: 'Tampere' },
];

async function receiptShops(q: Queryable) {
  const { rows } = await q.query<{ id: number; name: string; address: string; city: string }>(
    `SELECT id, name, address, city FROM shops WHERE country = 'FI' AND NOT is_test ORDER BY id LIMIT 2`,
  );
  return rows.length ? rows : FALLBACK_SHOPS;
}

async function addMessages(q: Queryable, customerId: number, firstname: string, now: number) {
  const messages = [
    {
      age: 40 * DAY, // older than a month: never counts as unread
      read: false,
      fi: ['Tervetuloa!', `<p>Hei ${firstname}, tervetuloa jonottamaan sovelluksella.</p>`],
      en: ['Welcome!', `<p>Hi ${firstname}, welcome to queueing with the app.</p>`],
    },
    {
      age: 10 * DAY,
      read: true,
      fi: ['Uudet aukioloajat', '<p>Kampin liike on nyt auki <strong>sunnuntaisin</strong> klo 11–17.</p>'],
      en: ['New opening hours', '<p>Our Kamppi shop is now open on <strong>Sundays</strong> 11–17.</p>'],
    },
    {
      age: 2 * DAY,
      read: false,
      fi: ['Syystarjous', '<p>Parranajo <em>-20 %</em> marraskuun loppuun. <a href="https://example.fi/tarjous">Lue lisää</a></p>'],
      en: ['Autumn offer', '<p>Beard trim <em>-20%</em> until the end of November. <a href="https://example.fi/offer">Read more</a></p>'],
    },
  ];
  for (const m of messages) {
    const id = await insertMessage(q, {
      customerId,
      locale: 'FI',
      createdAt: now - m.age,
      texts: [
        { language: 'fi', title: m.fi[0], content: m.fi[1] },
        { language: 'en', title: m.en[0], content: m.en[1] },
      ],
    });
    if (m.read) await setRead(q, id, customerId, true, now - m.age + DAY);
  }
}

/** A receipt row written as the shop's till would: the Finnish name, and the name in every language. */
function row(en: string, amount: number, price: number, vat: number) {
  const texts = translate(en, RECEIPT_TEXTS);
  return { name: texts.fi, amount, price, vat, texts };
}

async function addReceipts(q: Queryable, customerId: number, now: number, shops: Awaited<ReturnType<typeof receiptShops>>) {
  const [a, b] = [shops[0], shops[1] ?? shops[0]];
  const receipts = [
    { age: 60 * DAY, shop: a, rows: [row('Haircut', 1, 3900, VAT_GENERAL)] },
    {
      age: 25 * DAY,
      shop: b,
      rows: [row('Haircut', 1, 3900, VAT_GENERAL), row('Shave', 1, 2500, VAT_GENERAL), row('Coffee', 2, 350, VAT_REDUCED)],
    },
    { age: 3 * DAY, shop: a, rows: [row('Buzz cut', 1, 2900, VAT_GENERAL), row('Styling wax', 1, 1990, VAT_GENERAL)] },
  ];
  for (const r of receipts) {
    await insertReceipt(q, { customerId, shopId: r.shop.id, pob: r.shop, createdAt: now - r.age, rows: r.rows });
  }
}

async function addBonus(q: Queryable, customerId: number, n: number, now: number) {
  await upsertBonusAccount(q, customerId, 1000 * n, day(now + 365 * DAY));
  // A valid one, a half-price one, one redeemed and one expired: the codes are DEMO-<n><1…4>.
  const benefits = [
    { title: 'Kertaetu', value: '-5 €', issuedAt: now - 20 * DAY, validUntil: day(now + 90 * DAY) },
    { title: 'Parranajo puoleen hintaan', value: '-50 %', issuedAt: now - 50 * DAY, validUntil: day(now + 30 * DAY) },
    { title: 'Tervetuloetu', value: '-10 €', issuedAt: now - 120 * DAY, redeemedAt: now - 100 * DAY },
    { title: 'Kesäetu', value: '-5 €', issuedAt: now - 200 * DAY, validUntil: day(now - 100 * DAY) },
  ];
  for (const [i, b] of benefits.entries()) await insertBenefit(q, { customerId, ...b, redeemCode: `DEMO-${n}${i + 1}` });
}

/**
 * Marks the demo customers' phones proven in a demo database seeded before phones were proven (the migration leaves
 * every existing row unproven); a phone proven already keeps its proof. Answers how many it marked.
 */
export async function proveDemoPhones(q: Queryable, now: number): Promise<number> {
  const { rows } = await q.query(
    'UPDATE customers SET phone_proven_at = $2 WHERE phone = ANY($1::text[]) AND phone_proven_at IS NULL RETURNING id',
    [ACCOUNTS.map((a) => a.phone), new Date(now).toISOString()],
  );
  return rows.length;
}

/**
 * Seeds the demo accounts into q (call inside the seed's transaction). An account whose phone already exists
 * is left as it is. Returns the logins for the README and the start-up message.
 */
export async function seedAccounts(
  q: Queryable,
  now: number,
  opts: { scrypt?: ScryptParams } = {},
): Promise<{ phone: string; password: string; level: string }[]> {
  const shops = await receiptShops(q);
  const out: { phone: string; password: string; level: string }[] = [];
  for (const [i, a] of ACCOUNTS.entries()) {
    out.push({ phone: a.phone, password: DEMO_PASSWORD, level: a.level ?? 'none' });
    // Sequential: each OWASP-cost hash takes 128 MiB, and four at once are not worth it at start-up.
    const passwordHash = await hashPassword(DEMO_PASSWORD, opts.scrypt ?? OWASP_SCRYPT);
    const id = await insertCustomer(
      q,
      {
        phone: a.phone,
        passwordHash,
        firstname: a.firstname,
        lastname: a.lastname,
        email: a.email,
        allowEmail: a.level !== null,
        allowSms: true,
        language: 'fi',
        appLanguage: 'fi_FI',
        // The demo's customers are proven, so their turn alerts go by SMS too (the log provider in the demo).
        phoneProvenAt: now - 400 * DAY,
      },
      now - 400 * DAY,
    );
    if (id === null) continue;
    if (a.level) {
      await upsertMembership(q, id, {
        type: a.level,
        begin_date: day(now - 180 * DAY),
        end_date: day(now + 185 * DAY),
        credits: a.credits[0],
        wp_prem_credits: a.credits[1],
        wp_prod_credits: a.credits[2],
      });
      await addBonus(q, id, i + 1, now);
    }
    await addMessages(q, id, a.firstname, now);
    await addReceipts(q, id, now, shops);
  }
  return out;
}
