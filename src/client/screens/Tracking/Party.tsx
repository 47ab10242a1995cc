/**
 * A party on tracking (docs/decisions.md, "Parties and stepping out"): when the first starts and when the last is
 * likely done (with the window), then each person with his status and his own wait or "in service"; a companion
 * still waiting can be taken off, after a confirm, and the rest keep their places. Nothing for a customer alone.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { PartyTimes } from '../../components/PartyTimes.tsx';
import { windowText } from '../../components/WaitWindow.tsx';
import { canTakeOff, firstStart, isParty, type PartyPerson, stillInParty, type TrackedOrder } from '../../lib/tracking.ts';
import { t } from '../../state/i18n.ts';
import { askTakeOff, cancelTakeOff, confirmTakeOff, takeOff } from '../../state/tracking/party-tracking.ts';

/** The customer is "You"; a companion goes by the name he was given. */
export const personName = (p: Pick<PartyPerson, 'person' | 'name'>) => (p.person === 0 ? t('party.you') : p.name);

function statusText(p: PartyPerson): string {
  if (p.status === 'cancelled') return t('party.status.cancelled');
  if (p.status === 'serviced') return t('party.status.serviced');
  if (p.status === 'no-show') return t('party.status.noShow');
  if (p.inService) return t('party.status.inService');
  if (p.queue === null) return t('party.status.waiting');
  const w = windowText(p.queue, p.queueLow, p.queueHigh);
  const turn = p.queue <= 0 ? t('party.status.next') : t('party.status.turnIn', { minutes: p.queue });
  return w ? `${turn} · ${w}` : turn;
}

function Person({ p }: { p: PartyPerson }) {
  useSignals();
  const name = personName(p);
  const ended = p.status !== 'active';
  return (
    <li className={ended ? 'party-member ended' : 'party-member'} data-person={p.person}>
      <div className="party-member-text">
        <strong>{name}</strong>
        <span className="party-member-status">{statusText(p)}</span>
        {p.services.length > 0 && <span className="muted party-member-services">{p.services.map((s) => s.name).join(', ')}</span>}
        {p.barber && !ended && <span className="muted party-member-services">{t('tracking.barber', { name: p.barber })}</span>}
      </div>
      {canTakeOff(p) && (
        <button
          type="button"
          className="button party-take-off"
          aria-label={t('party.takeOff.button', { name })}
          onClick={() => askTakeOff(p.person, name)}
        >
          {t('party.takeOff.short')}
        </button>
      )}
    </li>
  );
}

export function Party({ order: o }: { order: TrackedOrder }) {
  useSignals();
  if (!isParty(o.party)) return null;
  const asked = takeOff.value;
  return (
    <section className="tracking-party section" aria-labelledby="tracking-party-title">
      <h2 id="tracking-party-title" className="section-title">
        {t('party.people', { count: o.party.filter(stillInParty).length })}
      </h2>
      <div className="card tracking-party-card">
        {o.status === 'active' && <PartyTimes first={firstStart(o.party)} done={o.partyDone} low={o.partyDoneLow} high={o.partyDoneHigh} />}
        <ul className="party-members">
          {o.party.map((p) => (
            <Person key={p.person} p={p} />
          ))}
        </ul>
      </div>
      {asked && (
        <ConfirmDialog
          className="take-off-dialog"
          danger
          title={t('party.takeOff.title', { name: asked.name })}
          description={t('party.takeOff.text', { name: asked.name })}
          cancelLabel={t('party.takeOff.cancel')}
          confirmLabel={t('party.takeOff.confirm')}
          busy={asked.pending}
          busyLabel={t('party.takeOff.pending')}
          onCancel={cancelTakeOff}
          onConfirm={() => void confirmTakeOff()}
        />
      )}
    </section>
  );
}
