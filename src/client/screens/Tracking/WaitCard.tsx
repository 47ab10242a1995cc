/**
 * The wait (SPEC.md §2, §4): minutes with the colour class of the wait ('Now' at 0), customers ahead and the
 * queue message, in one polite live region so a change in wait is announced to screen readers.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Timer } from '../../components/Timer.tsx';
import { timerClass } from '../../lib/timer.ts';
import type { TrackedOrder } from '../../lib/tracking.ts';
import { t } from '../../state/i18n.ts';
import { messageText } from '../../state/tracking.ts';

function aheadText(o: TrackedOrder): string {
  if (o.inService) return t('tracking.ahead.inService');
  if (o.queue === null) return '';
  if (o.ahead === 0) return t('tracking.ahead.zero');
  return o.ahead === 1 ? t('tracking.ahead.one') : t('tracking.ahead.many', { count: o.ahead });
}

export function WaitCard({ order: o }: { order: TrackedOrder }) {
  useSignals();
  const ahead = aheadText(o);
  return (
    <section className="tracking-wait card" data-wait={o.queue === null ? 'unknown' : timerClass(o.queue)} aria-labelledby="tracking-wait-title">
      <h2 id="tracking-wait-title" className="tracking-wait-label">
        {t('tracking.wait.title')}
      </h2>
      <div className="tracking-live" aria-live="polite" aria-atomic="true">
        <Timer large minutes={o.queue} />
        {ahead && <p className="tracking-ahead">{ahead}</p>}
        <p className="tracking-message">{messageText.value}</p>
      </div>
      {!o.checkedIn && !o.inService && <p className="tracking-warning">{t('tracking.messages.warning')}</p>}
    </section>
  );
}
