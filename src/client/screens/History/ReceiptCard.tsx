/**
 * One receipt: dd.mm.yyyy date, the shop, rows with a VAT column that shows the percent
 * when every rate is equal and each row's VAT amount otherwise, and the VAT-inclusive total. A party's receipt lists
 * each person's rows under his name, the customer's under "You" (docs/decisions.md, "Parties and stepping out").
 */
import { useSignals } from '@preact/signals-react/runtime';
import { LOCALES, type Locale } from '../../../shared/locales.ts';
import type { WireReceiptRow } from '../../../shared/wire-account.ts';
import { addressWithCity, formatPrice, formatReceiptDate } from '../../lib/format.ts';
import { receiptTotal, receiptVat, vatColumn } from '../../lib/members.ts';
import { rowsByPerson, type PersonRows } from '../../lib/party.ts';
import { t } from '../../state/i18n.ts';

export interface ReceiptView {
  id: number | string;
  created: string;
  rows: WireReceiptRow[];
  pob: { name: string; address: string; city: string };
}

const percent = (v: number, locale: Locale) =>
  `${new Intl.NumberFormat((LOCALES[locale] ?? LOCALES.FI).intl, { maximumFractionDigits: 2 }).format(v)} %`;

export function ReceiptCard({ receipt, locale, headingLevel = 2 }: { receipt: ReceiptView; locale: Locale; headingLevel?: 2 | 3 }) {
  useSignals();
  const vat = vatColumn(receipt.rows);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const date = formatReceiptDate(receipt.created);
  const groups = rowsByPerson(receipt.rows);
  return (
    <article className="receipt card" aria-labelledby={`receipt-${receipt.id}`}>
      <header className="receipt-head">
        <Heading id={`receipt-${receipt.id}`} className="receipt-date">
          {date}
        </Heading>
        <p className="receipt-shop">
          <strong>{receipt.pob.name}</strong>
          <span className="muted">{addressWithCity(receipt.pob.address, receipt.pob.city)}</span>
        </p>
      </header>
      <table className="receipt-table">
        <caption className="visually-hidden">{t('history.caption', { date })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('history.item')}</th>
            <th scope="col" className="num">
              {t('history.amount')}
            </th>
            <th scope="col" className="num">
              {vat.kind === 'percent' ? t('history.vatPercent') : t('history.vatAmount')}
            </th>
            <th scope="col" className="num">
              {t('history.price')}
            </th>
          </tr>
        </thead>
        {groups.length > 1 || groups.some((g) => g.person > 0) ? (
          groups.map((g) => (
            <tbody key={g.person} className="receipt-person-rows">
              <tr>
                <th scope="rowgroup" colSpan={4} className="receipt-person-head">
                  {whose(g)}
                </th>
              </tr>
              <Rows group={g} vat={vat} locale={locale} />
            </tbody>
          ))
        ) : (
          <tbody>
            <Rows group={groups[0] ?? { person: 0, name: null, rows: [] }} vat={vat} locale={locale} />
          </tbody>
        )}
        <tfoot>
          <SumRow className="receipt-total" label={t('history.total')} value={formatPrice(receiptTotal(receipt.rows), locale)} />
          <SumRow className="receipt-vat" label={t('history.vatIncluded')} value={formatPrice(receiptVat(receipt.rows), locale)} />
        </tfoot>
      </table>
    </article>
  );
}

/** Whose rows: "You", a companion's name, or "Person 2" once the account that named him is gone. */
const whose = (g: PersonRows<WireReceiptRow>) => (g.person === 0 ? t('party.you') : (g.name ?? t('party.person', { n: g.person + 1 })));

function Rows({ group, vat, locale }: { group: PersonRows<WireReceiptRow>; vat: ReturnType<typeof vatColumn>; locale: Locale }) {
  return group.rows.map(({ row, index: i }) => (
    // The row's index in the receipt: rows never reorder, two may share a name, and it picks the row's VAT value.
    <tr key={i}>
      <td>{row.name}</td>
      <td className="num">{row.amount}</td>
      <td className="num">{vat.kind === 'percent' ? percent(vat.values[i], locale) : formatPrice(vat.values[i], locale)}</td>
      <td className="num">{formatPrice(row.price * row.amount, locale)}</td>
    </tr>
  ));
}

/** A line of the receipt's foot: what it is, across the row's first columns, and the sum. */
function SumRow({ className, label, value }: { className: string; label: string; value: string }) {
  return (
    <tr className={className}>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td className="num">{value}</td>
    </tr>
  );
}
