/** A party's receipt lists each person's rows under his name, the customer's under "You"; a solo receipt as before. */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, render, text } from '../dom.ts';
import type { WireReceiptRow } from '../../../src/shared/wire-account.ts';
import { ReceiptCard } from '../../../src/client/screens/History/ReceiptCard.tsx';
import { setLanguage } from '../../../src/client/state/i18n.ts';

await setLanguage('en');

const row = (name: string, price: number, person?: number, person_name?: string | null): WireReceiptRow => ({
  name,
  amount: 1,
  price,
  vat: 25.5,
  vat_amount: Math.round((price * 25.5) / 125.5),
  ...(person === undefined ? {} : { person, person_name: person_name ?? null }),
});

const receipt = (rows: WireReceiptRow[]) => ({
  id: 9,
  created: '2026-11-24T10:30:00Z',
  pob: { name: 'Kallio', address: 'Hämeentie 13', city: 'Helsinki' },
  rows,
});

test.after.each(cleanup);

test('each person’s rows under his name, the customer first as "You", the total over all', async () => {
  const el = await render(
    <ReceiptCard
      receipt={receipt([
        row('Kids cut', 2000, 2, 'Son'),
        row('Haircut', 3500, 0),
        row('Hair wash', 500, 0),
        row('Beard trim', 2500, 1, 'Leo'),
      ])}
      locale="FI"
    />,
  );
  const groups = [...el.querySelectorAll('tbody.receipt-person-rows')];
  assert.equal(
    groups.map((g) => text(g.querySelector('th'))),
    ['You', 'Leo', 'Son'],
  );
  assert.is(groups[0].querySelector('th')?.getAttribute('scope'), 'rowgroup');
  assert.equal(
    [...groups[0].querySelectorAll('td:first-child')].map((td) => text(td)),
    ['Haircut', 'Hair wash'],
  );
  assert.ok(text(groups[2]).includes('Kids cut'));
  assert.ok(text(el.querySelector('.receipt-total')).includes('85,00'), text(el.querySelector('.receipt-total')));
});

test('a companion whose name went with the account is "Person N"', async () => {
  const el = await render(<ReceiptCard receipt={receipt([row('Haircut', 3500, 0), row('Beard trim', 2500, 1, null)])} locale="FI" />);
  assert.equal(
    [...el.querySelectorAll('.receipt-person-head')].map((th) => text(th)),
    ['You', 'Person 2'],
  );
});

test('a receipt of one person (or from before parties) has no person headings', async () => {
  const el = await render(<ReceiptCard receipt={receipt([row('Haircut', 3500), row('Hair wash', 500, 0)])} locale="FI" />);
  assert.is(el.querySelector('.receipt-person-head'), null);
  assert.is(el.querySelectorAll('tbody tr').length, 2);
});

test.run();
