/**
 * The review of a party (docs/decisions.md, "Parties and stepping out", "A party waits as a family"): when the first
 * starts and when the last is likely done, with its window: before joining from the server's quote of exactly what
 * the review will send (state/quote.ts), once the answer is in as tracking then shows it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { PartyTimes } from '../../components/PartyTimes.tsx';
import { firstStart } from '../../lib/tracking.ts';
import { t } from '../../state/i18n.ts';
import { sending } from '../../state/order.ts';
import { current } from '../../state/quote.ts';
import { order } from '../../state/tracking/tracking.ts';

export function PartyDone() {
  useSignals();
  const o = order.value;
  if (sending.value === 'fulfilled' && o && o.party.length > 1)
    return <PartyTimes first={firstStart(o.party)} done={o.partyDone} low={o.partyDoneLow} high={o.partyDoneHigh} />;
  const q = current.value;
  if (q && q.party.length > 1 && q.party_done !== null)
    return (
      <PartyTimes first={Math.min(...q.party.map((p) => p.queue))} done={q.party_done} low={q.party_done_low} high={q.party_done_high} />
    );
  return <p className="muted review-note party-note">{t('party.reviewNote')}</p>;
}
