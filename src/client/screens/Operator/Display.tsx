/**
 * The display for a screen in the shop (/operator/display): the queue by first name and initial (a party as one
 * line, "Matti K. + 2", and one who stepped out marked away until his time), who is served by whom, and the wait a walk-in gets now with its likely window, in type readable across the room. Live,
 * no actions.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { language, locale, t } from '../../state/i18n.ts';
import { formatMinutes, formatTime } from '../../lib/format.ts';
import { canAct, floor, me } from '../../state/console/operator.ts';
import { barbersToday, servedBy, shopState, shortName, walkInQuote } from '../../lib/operator.ts';
import { WaitWindow } from '../../components/WaitWindow.tsx';
import { awayUntil, partyLabel, type QueueEntry, queueEntries } from './party.ts';
import { personName } from './Queue.tsx';

const plus = (name: string, count: number) => t('operator.party.label', { name, count });

/** An entry's line: the name or the party, and until when it stepped out (a party steps out together). */
function line(e: QueueEntry): { name: string; away: string | null } {
  if (e.kind === 'order') return { name: shortName(e.order), away: awayUntil(e.order) };
  const waiting = e.people.filter((o) => o.status === 'waiting');
  const away = waiting.length > 0 && waiting.every((o) => awayUntil(o)) ? awayUntil(waiting[0]) : null;
  return { name: partyLabel(e, plus), away };
}

export function Display() {
  useSignals();
  void language.value;
  const f = floor.value;
  if (!f) {
    return (
      <div className="op-root op-display">
        <h1>{me.value?.pob_name ?? t('operator.title')}</h1>
        <p className="op-empty">{t('operator.loading')}</p>
      </div>
    );
  }
  const state = shopState(f);
  // The same quote the app gives a customer without membership now, so the wall and the phones say one thing.
  const walkIn = walkInQuote(f);
  const wait = walkIn?.wait ?? null;
  const serving = barbersToday(f)
    .map((b) => ({ barber: b, order: servedBy(f, b) }))
    .filter((x) => x.order);
  const queue = queueEntries(f);
  return (
    <div className="op-root op-display">
      {canAct.value && (
        <a className="op-back" href="/operator">
          {t('operator.display.back')}
        </a>
      )}
      <h1>{f.pob.name}</h1>
      <section aria-labelledby="op-walkin" aria-live="polite">
        <h2 id="op-walkin">{t('operator.display.walkInWait')}</h2>
        <p className="op-walkin">
          {state === 'open' && wait !== null
            ? formatMinutes(wait, locale.value)
            : t(`operator.display.state.${state === 'open' ? 'noBarber' : state}`)}
        </p>
        {state === 'open' && walkIn && <WaitWindow wait={wait} low={walkIn.low} high={walkIn.high} />}
      </section>
      <div className="op-display-grid">
        <section aria-labelledby="op-serving">
          <h2 id="op-serving">{t('operator.display.serving')}</h2>
          {serving.length === 0 && <p className="op-empty">{t('operator.display.nobodyServed')}</p>}
          <ul>
            {serving.map(({ barber, order }) => (
              <li key={barber.id}>{t('operator.display.servedBy', { name: personName(f, order!), barber: barber.name })}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="op-next">
          <h2 id="op-next">{t('operator.display.queue')}</h2>
          {queue.length === 0 && <p className="op-empty">{t('operator.queue.empty')}</p>}
          <ol>
            {queue.slice(0, 12).map((e, i) => {
              const { name, away } = line(e);
              return (
                <li key={e.kind === 'order' ? e.order.id : `p${e.key}-${e.people[0]?.id}`}>
                  <span className="op-pos" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span>{name}</span>
                  {away && <span className="op-away">{t('operator.display.away', { time: formatTime(away, locale.value) })}</span>}
                </li>
              );
            })}
          </ol>
          {queue.length > 12 && <p className="op-empty">{t('operator.display.more', { count: queue.length - 12 })}</p>}
        </section>
      </div>
    </div>
  );
}
