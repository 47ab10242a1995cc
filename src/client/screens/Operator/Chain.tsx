/**
 * /operator/chain: the chain owner's screen, one row per shop, live over the chain stream. Sortable by its
 * columns (the header's buttons say the order, aria-sort tells it); a crowded shop beside one with room is flagged
 * in words, not only colour. A row's shop opens read-only at /operator/chain/{id}. On a phone the table scrolls
 * sideways inside its own focusable region.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { locale, t } from '../../state/i18n.ts';
import { formatMinutes, formatTime } from '../../lib/format.ts';
import { LOCALES } from '../../../shared/locales.ts';
import { type ChainShop, type ChainSort, sortChain } from '../../lib/operator.ts';
import { chain, chainError, chainFeed, chainSort, startChain, stopChain } from '../../state/console/chain.ts';

const COLUMNS: { key: string; sort?: ChainSort }[] = [
  { key: 'shop', sort: 'name' },
  { key: 'state' },
  { key: 'barbers', sort: 'barbers' },
  { key: 'waiting', sort: 'waiting' },
  { key: 'wait', sort: 'wait' },
  { key: 'served', sort: 'served' },
  { key: 'noShows', sort: 'noShows' },
  { key: 'moves' },
  { key: 'window', sort: 'window' },
];

function Row({ shop, names }: { shop: ChainShop; names: Map<number, string> }) {
  const intl = (LOCALES[locale.value] ?? LOCALES.FI).intl;
  const share = (n: number | null | undefined) =>
    n == null ? '–' : new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 0 }).format(n);
  const state =
    shop.queue_state === 'closed' || !shop.open
      ? t('operator.chain.closed')
      : shop.closes_at
        ? t(shop.queue_state === 'full' ? 'operator.chain.fullUntil' : 'operator.chain.openUntil', {
            time: formatTime(shop.closes_at, locale.value),
          })
        : t('operator.chain.open');
  // A closed shop's wait is the wait until it opens: not a wait now.
  const wait =
    shop.wait && shop.open
      ? shop.wait.low !== null && shop.wait.high !== null && shop.wait.high > shop.wait.low
        ? t('operator.chain.waitWindow', {
            wait: formatMinutes(shop.wait.minutes, locale.value),
            low: shop.wait.low,
            high: shop.wait.high,
          })
        : formatMinutes(shop.wait.minutes, locale.value)
      : '–';
  const today = shop.figures.today;
  return (
    <tr className={shop.crowded ? 'op-chain-crowded' : undefined} data-shop={shop.id}>
      <th scope="row">
        <a href={`/operator/chain/${shop.id}`}>{shop.name}</a>
        {shop.crowded && (
          <span className="op-chain-flag">
            {t('operator.chain.crowded', { shops: shop.nearby_room.map((id) => names.get(id) ?? `#${id}`).join(', ') })}
          </span>
        )}
      </th>
      <td>{state}</td>
      <td>{t('operator.chain.barbersOf', { on: shop.barbers_on_shift, chairs: shop.chairs })}</td>
      <td>{t('operator.chain.waitingSplit', { present: shop.waiting_present, onWay: shop.waiting_on_way })}</td>
      <td data-col="wait">{wait}</td>
      <td>{today.served}</td>
      <td>{today.no_shows}</td>
      <td>{t('operator.chain.movesInOut', { in: today.moved_in ?? 0, out: today.moved_out ?? 0 })}</td>
      <td>{t('operator.chain.windowHeld', { today: share(today.in_window_share), week: share(shop.figures.week.in_window_share) })}</td>
    </tr>
  );
}

export function ChainView() {
  useSignals();
  useEffect(() => {
    startChain();
    return stopChain;
  }, []);
  const rows = chain.value?.pobs ?? null;
  const { by, descending } = chainSort.value;
  const names = new Map((rows ?? []).map((s) => [s.id, s.name]));
  const sorted = rows ? sortChain(rows, by, descending) : [];
  const sortBy = (col: ChainSort) => (chainSort.value = { by: col, descending: col === by ? !descending : col !== 'name' });
  const crowded = (rows ?? []).filter((s) => s.crowded).length;
  return (
    <div className="op-root">
      <header className="op-header">
        <h1>{t('operator.chain.title')}</h1>
        <span className="op-live">{chainFeed.value === 'stream' ? t('operator.live.stream') : t('operator.live.polling')}</span>
      </header>
      <div className="op-notice-region" role="status" aria-live="polite">
        {chainError.value && <p className="op-notice error">{chainError.value}</p>}
        {rows && crowded > 0 && <p className="op-notice">{t('operator.chain.crowdedCount', { count: crowded })}</p>}
      </div>
      <div className="op-main single op-chain">
        {!rows && !chainError.value && <p className="op-empty">{t('operator.loading')}</p>}
        {rows && rows.length === 0 && <p className="op-empty">{t('operator.chain.empty')}</p>}
        {rows && rows.length > 0 && (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
          <section className="op-chain-scroll" tabIndex={0} aria-labelledby="op-chain-caption">
            <table className="op-chain-table">
              <caption id="op-chain-caption">{t('operator.chain.caption', { count: rows.length })}</caption>
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c.key} scope="col" aria-sort={c.sort && c.sort === by ? (descending ? 'descending' : 'ascending') : undefined}>
                      {c.sort ? (
                        <button type="button" className="op-chain-sort" onClick={() => sortBy(c.sort!)}>
                          {t(`operator.chain.col.${c.key}`)}
                          <span aria-hidden="true">{c.sort === by ? (descending ? ' ▼' : ' ▲') : ''}</span>
                        </button>
                      ) : (
                        t(`operator.chain.col.${c.key}`)
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sorted.map((s) => (
                  <Row key={s.id} shop={s} names={names} />
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
    </div>
  );
}
