/**
 * Error reports and analytics events from the customer app: limited per address, scrubbed again
 * (an old or hostile client may not have), stored for the retention period and logged as one structured line each.
 */
import type { Locale } from '../../shared/locales.ts';
import { scrub } from '../../shared/scrub.ts';
import type { WireClientEvents } from '../../shared/wire.ts';
import { enforce } from '../auth/throttle.ts';
import type { Deps } from '../deps.ts';
import { storeClientEvents, type ClientEventRow } from '../repos/client-events.ts';

const DAY = 86_400_000;

export async function receiveClientEvents(deps: Deps, batch: WireClientEvents, s: { locale: Locale; address: string }): Promise<number> {
  const { config, db, log } = deps;
  const now = deps.now();
  await enforce(db, now, [
    { name: 'clientEventsAddress', key: s.address, rule: { limit: config.clientEventsPerAddress, windowMs: 60_000, what: 'requests' } },
  ]);
  const rows: ClientEventRow[] = batch.events.map((e) => ({
    occurredAt: e.at,
    locale: s.locale,
    kind: e.kind,
    name: e.name,
    build: batch.build,
    route: scrub(e.route),
    message: e.message === undefined ? null : scrub(e.message),
    stack: e.stack === undefined ? null : scrub(e.stack),
    props:
      e.props === undefined ? null : Object.fromEntries(Object.entries(e.props).map(([k, v]) => [k, typeof v === 'string' ? scrub(v) : v])),
  }));
  await storeClientEvents(db, rows, now, now - config.clientEventsRetentionDays * DAY);
  for (const r of rows) {
    // One JSON line per event (pino); an error is a warning of ours, an analytics event only information.
    const line = {
      clientEvent: {
        kind: r.kind,
        name: r.name,
        build: r.build,
        locale: r.locale,
        route: r.route,
        at: new Date(r.occurredAt).toISOString(),
        message: r.message ?? undefined,
        stack: r.stack ?? undefined,
        props: r.props ?? undefined,
      },
    };
    if (r.kind === 'error') log.warn(line, 'client error');
    else log.info(line, 'client event');
  }
  return rows.length;
}
