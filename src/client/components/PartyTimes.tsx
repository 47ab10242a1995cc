/**
 * A party's two moments (docs/decisions.md, "Parties and stepping out"): when the first of them starts and when the
 * last is likely done, with the likely window under it (components/WaitWindow.tsx). Used by the review once the
 * party has joined and by tracking.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../state/i18n.ts';
import { WaitWindow } from './WaitWindow.tsx';

const inMinutes = (m: number | null) => (m === null ? t('party.unknown') : m <= 0 ? t('party.now') : t('party.inMinutes', { minutes: m }));

interface PartyTimesProps {
  first: number | null;
  done: number | null;
  low: number | null;
  high: number | null;
}

export function PartyTimes({ first, done, low, high }: PartyTimesProps) {
  useSignals();
  return (
    <dl className="party-times">
      <div>
        <dt>{t('party.firstStarts')}</dt>
        <dd>{inMinutes(first)}</dd>
      </div>
      <div>
        <dt>{t('party.lastDone')}</dt>
        <dd>
          {inMinutes(done)}
          <WaitWindow wait={done} low={low} high={high} />
        </dd>
      </div>
    </dl>
  );
}
