/**
 * The shop's own figures (GET stats): today and the last 7 days. Each row says one thing: counts, the mean wait and
 * the mean quote, then the outcomes against the wait quoted at joining and against the window told, each group's
 * shares adding up to 100 % (lib/shares.ts).
 */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { locale, t } from '../../state/i18n.ts';
import { formatMinutes } from '../../lib/format.ts';
import { wholePercents } from '../../lib/shares.ts';
import { LOCALES } from '../../../shared/locales.ts';
import type { Stats } from '../../lib/operator.ts';
import { pobId } from '../../state/console/operator.ts';
import { consoleActions as ops } from '../../state/console/actions.ts';

type Row = [key: string, value: string];

/** A group's shares as whole percents adding up to 100, or dashes when there is nothing to count. */
function shareRows(keys: readonly string[], shares: readonly (number | null | undefined)[], intl: string): Row[] {
  const percents = wholePercents(shares);
  const fmt = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 0 });
  return keys.map((key, i) => [key, percents ? fmt.format(percents[i] / 100) : '–']);
}

/** The share served before the window: the server's, else what the other two leave (a server from before it). */
function before(s: Stats): number | null {
  if (s.before_window_share !== undefined) return s.before_window_share;
  if (s.in_window_share == null || s.past_window_share == null) return null;
  return Math.max(0, 1 - s.in_window_share - s.past_window_share);
}

/** Served sooner than quoted: the server's, else what the other two leave. */
function sooner(s: Stats): number | null {
  if (s.served_sooner_share !== undefined) return s.served_sooner_share;
  if (s.within_10_share === null || s.waited_longer_share === null) return null;
  return Math.max(0, 1 - s.within_10_share - s.waited_longer_share);
}

function Group({ id, title, rows }: { id: string; title?: string; rows: Row[] }) {
  return (
    <>
      {title && <h3 id={id}>{title}</h3>}
      <dl>
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`operator.stats.${key}`)}</dt>
            <dd data-stat={key}>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function StatsList({ id, title, stats }: { id: string; title: string; stats: Stats }) {
  const intl = (LOCALES[locale.value] ?? LOCALES.FI).intl;
  const minutes = (n: number | null) => (n === null ? '–' : formatMinutes(n, locale.value));
  const counts: Row[] = [
    ['served', String(stats.served)],
    ['waiting', String(stats.waiting)],
    ['noShows', String(stats.no_shows)],
    ['walkIns', String(stats.walk_ins)],
    ['remoteJoins', String(stats.remote_joins)],
    // Customers who moved here from another shop of the chain, and away to one (a server from before moves: a dash).
    ['movedIn', stats.moved_in === undefined ? '–' : String(stats.moved_in)],
    ['movedOut', stats.moved_out === undefined ? '–' : String(stats.moved_out)],
    ['meanWait', minutes(stats.mean_wait_minutes)],
    ['meanQuoted', minutes(stats.mean_quoted_minutes)],
  ];
  const quote = shareRows(
    ['within10', 'waitedLonger', 'servedSooner'],
    [stats.within_10_share, stats.waited_longer_share, sooner(stats)],
    intl,
  );
  const window: Row[] = [
    ...shareRows(['beforeWindow', 'inWindow', 'pastWindow'], [before(stats), stats.in_window_share, stats.past_window_share], intl),
    ['meanWindow', minutes(stats.mean_window_minutes ?? null)],
  ];
  return (
    <section className="op-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <Group id={`${id}-counts`} rows={counts} />
      <Group id={`${id}-quote`} title={t('operator.stats.quoteTitle')} rows={quote} />
      <Group id={`${id}-window`} title={t('operator.stats.windowTitle')} rows={window} />
    </section>
  );
}

export function Figures() {
  useSignals();
  const [stats, setStats] = useState<{ today: Stats; week: Stats } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per shop.
  useEffect(() => {
    void ops.stats().then((got) => got && setStats(got));
  }, [pobId.value]);
  return (
    <div className="op-main single">
      {!stats && <p className="op-empty">{t('operator.loading')}</p>}
      {stats && (
        <div className="op-figures">
          <StatsList id="op-today" title={t('operator.stats.today')} stats={stats.today} />
          <StatsList id="op-week" title={t('operator.stats.week')} stats={stats.week} />
        </div>
      )}
    </div>
  );
}
