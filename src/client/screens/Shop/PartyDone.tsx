/**
 * The review of a party (docs/decisions.md, "Parties and stepping out"): before joining, the first starts about at
 * the wait shown and the rest is told once joined; once the answer is in, when the first starts and when the last is
 * likely done, as tracking then shows it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { PartyTimes } from '../../components/PartyTimes.tsx';
import { firstStart } from '../../lib/tracking.ts';
import { t } from '../../state/i18n.ts';
import { sending } from '../../state/order.ts';
import { order } from '../../state/tracking/tracking.ts';

export function PartyDone() {
  useSignals();
  const o = order.value;
  if (sending.value === 'fulfilled' && o && o.party.length > 1)
    return <PartyTimes first={firstStart(o.party)} done={o.partyDone} low={o.partyDoneLow} high={o.partyDoneHigh} />;
  return <p className="muted review-note party-note">{t('party.reviewNote')}</p>;
}
