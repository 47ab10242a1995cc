import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, cleanup, settle, text } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import type { WireReceipt } from '../../../src/shared/wire-account.ts';
import History from '../../../src/client/screens/History/index.tsx';
import Receipt from '../../../src/client/screens/Receipt/index.tsx';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetPages } from '../../../src/client/state/receipts.ts';
import { profile, reset as resetSession, user } from '../../../src/client/state/session.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const pob = { name: 'Kamppi', address: 'Urho Kekkosen katu 1', city: 'Helsinki' };
const SAME: WireReceipt = {
  id: 1,
  created: '2024-03-05T10:00:00Z',
  pob,
  status: 'serviced',
  type: 'order',
  rows: [
    { name: 'Haircut', amount: 1, price: 3200, vat: 25.5, vat_amount: 650 },
    { name: 'Wax', amount: 2, price: 1290, vat: 25.5, vat_amount: 524 }, // the row's VAT: 2 × 12,90 € at 25,5 %
  ],
};
const MIXED: WireReceipt = {
  id: 2,
  created: '2024-06-20T21:30:00Z', // 21.6. in Helsinki already, 20.6. in UTC
  pob,
  status: 'serviced',
  type: 'order',
  rows: [
    { name: 'Haircut', amount: 1, price: 3200, vat: 25.5, vat_amount: 650 },
    { name: 'Shampoo', amount: 1, price: 1400, vat: 14, vat_amount: 172 },
  ],
};
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

async function setup(answer: { status?: number; body?: unknown }) {
  await cleanup();
  resetSession();
  user.value = { id: 7, token: 'access', refreshToken: 'refresh' };
  profile.value = wireProfile();
  resetPages();
  const f = stubFetch({ 'GET /customers/7/receipts/': answer });
  const el = await render(<History params={{}} />);
  await settle(10);
  f.restore();
  return el;
}

const total = (r: Element) => [...r.querySelectorAll('.receipt-total th, .receipt-total td')].map((c) => nbsp(text(c))).join('|');
const receiptText = (el: Element, i: number) => nbsp(text(el.querySelectorAll('.receipt')[i]));

test('equal VAT rates show the percent column; totals are VAT-inclusive; dd.mm.yyyy; newest first', async () => {
  const el = await setup({ body: [SAME, MIXED] });
  const dates = [...el.querySelectorAll('.receipt-date')].map(text);
  assert.equal(dates, ['21.06.2024', '05.03.2024']);
  const same = el.querySelectorAll('.receipt')[1];
  assert.is(text(same.querySelector('thead th:nth-child(3)')), 'VAT %');
  assert.equal(
    [...same.querySelectorAll('tbody td:nth-child(3)')].map((td) => nbsp(text(td))),
    ['25,5 %', '25,5 %'],
  );
  assert.equal(
    [...same.querySelectorAll('tbody td:nth-child(4)')].map((td) => nbsp(text(td))),
    ['32,00 €', '25,80 €'],
  );
  assert.is(total(same), 'Total (incl. VAT)|57,80 €');
  assert.is(nbsp(text(same.querySelector('.receipt-vat td'))), '11,74 €');
  assert.match(receiptText(el, 1), 'Kamppi');
});

test("mixed VAT rates show each row's VAT amount instead", async () => {
  const el = await setup({ body: [MIXED] });
  const r = el.querySelector('.receipt')!;
  assert.is(text(r.querySelector('thead th:nth-child(3)')), 'VAT');
  assert.equal(
    [...r.querySelectorAll('tbody td:nth-child(3)')].map((td) => nbsp(text(td))),
    ['6,50 €', '1,72 €'],
  );
  assert.is(total(r), 'Total (incl. VAT)|46,00 €');
});

test("a row of two coffees at 14 %: the VAT shown is the row's, counted once", async () => {
  const coffee: WireReceipt = {
    ...MIXED,
    id: 4,
    rows: [
      { name: 'Shave', amount: 1, price: 2500, vat: 25.5, vat_amount: 508 },
      { name: 'Coffee', amount: 2, price: 350, vat: 14, vat_amount: 86 },
    ],
  };
  const el = await setup({ body: [coffee] });
  const r = el.querySelector('.receipt')!;
  assert.equal(
    [...r.querySelectorAll('tbody td')].map((td) => nbsp(text(td))),
    ['Shave', '1', '5,08 €', '25,00 €', 'Coffee', '2', '0,86 €', '7,00 €'],
  );
  assert.is(total(r), 'Total (incl. VAT)|32,00 €');
  assert.is(nbsp(text(r.querySelector('.receipt-vat td'))), '5,94 €');
});

test('empty and failed states; a wrapped { items } answer is read too', async () => {
  let el = await setup({ body: [] });
  assert.match(text(el), 'No receipts yet.');
  el = await setup({ status: 500, body: { error: 'x' } });
  assert.match(text(el), 'Receipts could not be loaded.');
  assert.ok([...el.querySelectorAll('button')].some((b) => text(b) === 'Try again'));
  el = await setup({ body: { items: [SAME] } });
  assert.is(el.querySelectorAll('.receipt').length, 1);
});

test('the address names the city once: not again when the address already ends with it', async () => {
  const withCity = { ...SAME, id: 3, pob: { name: 'Kallio', address: 'Hämeentie 13, 00530 Helsinki', city: 'Helsinki' } };
  const el = await setup({ body: [withCity, SAME] });
  const lines = [...el.querySelectorAll('.receipt-shop .muted')].map(text);
  assert.ok(lines.includes('Hämeentie 13, 00530 Helsinki'), lines.join(' / '));
  assert.ok(lines.includes('Urho Kekkosen katu 1, Helsinki'), lines.join(' / '));
});

test('the receipt page shows the hard-coded sample', async () => {
  await cleanup();
  const el = await render(<Receipt params={{}} />);
  assert.match(text(el), 'Sample receipt');
  assert.is(text(el.querySelector('.receipt-date')), '14.05.2024');
  assert.is(total(el), 'Total (incl. VAT)|72,80 €');
  // 6,50 + 3,05 + the wax row's 5,24 (2 × 12,90 € at 25,5 %), as the server would write them.
  assert.is(nbsp(text(el.querySelector('.receipt-vat td'))), '14,79 €');
  await cleanup();
});

test.run();
