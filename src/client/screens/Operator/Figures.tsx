/** The shop's own figures (GET stats): today and the last 7 days. */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { locale, t } from '../../state/i18n.ts';
import { formatMinutes } from '../../lib/format.ts';
import { LOCALES } from '../../../shared/locales.ts';
import type { Stats } from '../../lib/operator.ts';
import { consoleActions as ops, pobId } from '../../state/console/operator.ts';

function StatsList({ title, stats }: { title: string; stats: Stats }) {
  const intl = (LOCALES[locale.value] ?? LOCALES.FI).intl;
  const minutes = (n: number | null) => (n === null ? '–' : formatMinutes(n, locale.value));
  const share = (n: number | null) =>
    n === null ? '–' : new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 0 }).format(n);
  const rows: [string, string][] = [
    ['served', String(stats.served)],
    ['waiting', String(stats.waiting)],
    ['noShows', String(stats.no_shows)],
    ['walkIns', String(stats.walk_ins)],
    ['remoteJoins', String(stats.remote_joins)],
    ['meanWait', minutes(stats.mean_wait_minutes)],
    ['meanQuoted', minutes(stats.mean_quoted_minutes)],
    ['meanActual', minutes(stats.mean_actual_minutes)],
    ['within10', share(stats.within_10_share)],
    ['waitedLonger', share(stats.waited_longer_share)],
    // The window told at join: served inside it, served after it, and how wide it was.
    ['inWindow', share(stats.in_window_share ?? null)],
    ['pastWindow', share(stats.past_window_share ?? null)],
    ['meanWindow', minutes(stats.mean_window_minutes ?? null)],
    // Customers who moved here from another shop of the chain, and away to one (a server from before moves: a dash).
    ['movedIn', stats.moved_in === undefined ? '–' : String(stats.moved_in)],
    ['movedOut', stats.moved_out === undefined ? '–' : String(stats.moved_out)],
  ];
  return (
    <section className="op-panel" aria-label={title}>
      <h2>{title}</h2>
      <dl>
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`operator.stats.${key}`)}</dt>
            <dd data-stat={key}>{value}</dd>
          </div>
        ))}
      </dl>
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
          <StatsList title={t('operator.stats.today')} stats={stats.today} />
          <StatsList title={t('operator.stats.week')} stats={stats.week} />
        </div>
      )}
    </div>
  );
}
