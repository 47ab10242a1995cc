/**
 * The floor's queue: each waiting order as a card, and a party as one card ("Matti K. + 2") with a row per person,
 * each started, checked in, marked a no-show and finished on its own (docs/decisions.md, "Parties and stepping out on the console").
 * One who stepped out shows until when, and the no-show waits for the time the shop may mark it.
 */
import { type ReactNode, useId } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { locale, t } from '../../state/i18n.ts';
import { formatMinutes, formatTime } from '../../lib/format.ts';
import type { Floor, FloorBarber, FloorOrder } from '../../lib/operator.ts';
import { shortName } from '../../lib/operator.ts';
import { now } from '../../state/console/operator.ts';
import { consoleActions as ops } from '../../state/console/actions.ts';
import { awayUntil, noShowOpen, partyLabel, partyOf, type QueueEntry, queueEntries } from './party.ts';

/** The action the floor asks about (a dialog) before it runs. */
export type Pending =
  | { kind: 'start'; order: FloorOrder }
  | { kind: 'finish'; order: FloorOrder }
  | { kind: 'no-show'; order: FloorOrder }
  | { kind: 'change'; order: FloorOrder }
  | { kind: 'party'; action: 'check-in' | 'no-show'; key: number; label: string; count: number }
  | { kind: 'break'; barber: FloorBarber }
  | { kind: 'end-shift'; barber: FloorBarber }
  | { kind: 'walk-in' }
  | null;
type Ask = (p: Pending) => void;

export const time = (iso: string | null) => (iso ? formatTime(iso, locale.value) : '');
const plus = (name: string, count: number) => t('operator.party.label', { name, count });

export function barberName(f: Floor, id: number | null): string {
  if (id === null) return t('operator.anyone');
  return f.barbers.find((b) => b.id === id)?.name ?? t('operator.anyone');
}

/** "Mikko K.", and a companion with his party: "Son (Matti K. + 2)". */
export function personName(f: Floor | null, o: FloorOrder): string {
  const party = f && o.party_of != null ? partyOf(f, o, plus) : null;
  return party ? `${shortName(o)} (${party})` : shortName(o);
}

/** The queue in service order, a party as one card. */
export function QueueList({ f, acts, ask }: { f: Floor; acts: boolean; ask: Ask }) {
  useSignals();
  return (
    <ol className="op-list" aria-label={t('operator.queue.list')}>
      {queueEntries(f).map((e) =>
        e.kind === 'order' ? (
          <WaitingCard key={e.order.id} f={f} o={e.order} position={e.position} acts={acts} ask={ask} />
        ) : (
          <PartyCard key={`p${e.key}-${e.people[0]?.id}`} f={f} entry={e} acts={acts} ask={ask} />
        ),
      )}
    </ol>
  );
}

function Position({ n }: { n: number | undefined }) {
  return (
    <span className="op-pos">
      {n !== undefined && (
        <>
          <span className="visually-hidden">{t('operator.queue.position', { n: '' })}</span>
          {n}
        </>
      )}
    </span>
  );
}

function Wait({ o }: { o: FloorOrder }) {
  return (
    <span className="op-wait">
      <span className="visually-hidden">{t('operator.queue.wait')} </span>
      {o.status === 'in_service' ? '' : o.wait === null ? '–' : formatMinutes(o.wait, locale.value)}
    </span>
  );
}

/** With whom, and where he is: in service, stepped out until, checked in, expected, on the way. */
function Whereabouts({ f, o }: { f: Floor; o: FloorOrder }) {
  const away = awayUntil(o);
  if (o.status === 'in_service') {
    return <span className="op-tag in">{t('operator.queue.inService', { name: barberName(f, o.barber_id) })}</span>;
  }
  return (
    <>
      <span>{t('operator.queue.barber', { name: barberName(f, o.chosen_barber_id) })}</span>
      {away ? (
        <span className="op-tag out">{t('operator.queue.steppedOut', { time: time(away) })}</span>
      ) : o.customer_at_pob || o.checked_in_at ? (
        <span className="op-tag in">{t('operator.queue.checkedIn')}</span>
      ) : (
        <span>{o.expected_at ? t('operator.queue.expected', { time: time(o.expected_at) }) : t('operator.queue.onTheWay')}</span>
      )}
    </>
  );
}

/** Start, check in and no-show for one waiting; finish for one in service (a party's row). */
function Actions({ f, o, ask }: { f: Floor; o: FloorOrder; ask: Ask }) {
  useSignals();
  const reason = useId();
  if (o.status === 'in_service') {
    return (
      <div className="op-actions">
        <button type="button" className="button primary" onClick={() => ask({ kind: 'finish', order: o })}>
          {t('operator.actions.finish')}
        </button>
      </div>
    );
  }
  const noShow = noShowOpen(o, now.value);
  // One who stepped out is checked in again when he is back: the server's check-in ends the step-out.
  const away = awayUntil(o) !== null;
  return (
    <div className="op-actions">
      <button type="button" className="button primary" onClick={() => ask({ kind: 'start', order: o })}>
        {t('operator.actions.start')}
      </button>
      {(!o.customer_at_pob || away) && (
        <button
          type="button"
          className="button"
          onClick={() => void ops.checkIn(o.id, t(away ? 'operator.done.stepBack' : 'operator.done.checkIn', { name: personName(f, o) }))}
        >
          {t(away ? 'operator.actions.stepBack' : 'operator.actions.checkIn')}
        </button>
      )}
      <button type="button" className="button" onClick={() => ask({ kind: 'change', order: o })}>
        {t('operator.actions.change')}
      </button>
      <button
        type="button"
        className="button"
        disabled={!noShow}
        aria-describedby={noShow ? undefined : reason}
        onClick={() => ask({ kind: 'no-show', order: o })}
      >
        {t('operator.actions.noShow')}
      </button>
      {!noShow && (
        <span id={reason} className="op-reason">
          {o.no_show_from ? t('operator.queue.noShowFrom', { time: time(o.no_show_from) }) : t('operator.queue.noShowAway')}
        </span>
      )}
    </div>
  );
}

/** One person's row: his place, his heading (`children`), what for, where he is, his wait, and the actions. */
function PersonRow({
  f,
  o,
  position,
  acts,
  ask,
  children,
}: {
  f: Floor;
  o: FloorOrder;
  position: number | undefined;
  acts: boolean;
  ask: Ask;
  children: ReactNode;
}) {
  return (
    <>
      <div className="op-row">
        <Position n={position} />
        <div>
          {children}
          <p>{o.services.join(', ')}</p>
          <p className="op-meta">
            <Whereabouts f={f} o={o} />
          </p>
        </div>
        <Wait o={o} />
      </div>
      {acts && <Actions f={f} o={o} ask={ask} />}
    </>
  );
}

/** A waiting order's card: its place, who it is, what for, with whom, whether he is in, his wait, and the actions. */
function WaitingCard({ f, o, position, acts, ask }: { f: Floor; o: FloorOrder; position: number; acts: boolean; ask: Ask }) {
  useSignals();
  return (
    <li className={awayUntil(o) ? 'op-card away' : 'op-card'} data-order={o.id}>
      <PersonRow f={f} o={o} position={position} acts={acts} ask={ask}>
        <h3>
          {personName(f, o)}
          {o.membership ? <span className="op-tag member">{t('operator.queue.member', { level: o.membership })}</span> : null}
          <span className="op-tag">{t(o.source === 'desk' ? 'operator.queue.desk' : 'operator.queue.app')}</span>
        </h3>
      </PersonRow>
    </li>
  );
}

/**
 * The whole party at once (docs/decisions.md, "Orders changed at the desk"): check in everyone waiting who is not in
 * yet, or mark everyone waiting a no-show; each asks first and can be undone for a while.
 */
function PartyActions({ entry, label, ask }: { entry: Extract<QueueEntry, { kind: 'party' }>; label: string; ask: Ask }) {
  useSignals();
  const waiting = entry.people.filter((o) => o.status === 'waiting');
  if (waiting.length < 2) return null;
  const notIn = waiting.filter((o) => !o.customer_at_pob || awayUntil(o) !== null).length;
  const noShow = waiting.every((o) => noShowOpen(o, now.value));
  const key = waiting[0].party_of ?? waiting[0].id;
  return (
    <div className="op-actions">
      {notIn > 0 && (
        <button
          type="button"
          className="button"
          onClick={() => ask({ kind: 'party', action: 'check-in', key, label, count: waiting.length })}
        >
          {t('operator.party.checkInAll', { count: waiting.length })}
        </button>
      )}
      {noShow && (
        <button
          type="button"
          className="button"
          onClick={() => ask({ kind: 'party', action: 'no-show', key, label, count: waiting.length })}
        >
          {t('operator.party.noShowAll', { count: waiting.length })}
        </button>
      )}
    </div>
  );
}

/** A party: "Matti K. + 2", then each person's row (his place, name, services, barber, where he is, his actions). */
function PartyCard({ f, entry, acts, ask }: { f: Floor; entry: Extract<QueueEntry, { kind: 'party' }>; acts: boolean; ask: Ask }) {
  useSignals();
  const label = partyLabel(entry, plus);
  const head = entry.head;
  return (
    <li className="op-card op-party" data-party={entry.key}>
      <h3>
        {label}
        <span className="op-tag">{t('operator.party.people', { count: entry.size })}</span>
        {head?.membership ? <span className="op-tag member">{t('operator.queue.member', { level: head.membership })}</span> : null}
      </h3>
      {acts && <PartyActions entry={entry} label={label} ask={ask} />}
      <ul className="op-people" aria-label={t('operator.party.list', { name: label })}>
        {entry.people.map((o) => (
          <li key={o.id} className={awayUntil(o) ? 'op-person away' : 'op-person'} data-order={o.id}>
            <PersonRow f={f} o={o} position={entry.positions.get(o.id)} acts={acts} ask={ask}>
              <h4>{shortName(o)}</h4>
            </PersonRow>
          </li>
        ))}
      </ul>
    </li>
  );
}
