/**
 * The wait: minutes with the colour class of the wait ('Now' at 0), customers ahead and the one
 * message of the order's state (lib/tracking-state.ts), in one polite live region so a change is announced to
 * screen readers. While the customer is not at the shop: when to leave (state/tracking/tracking-view.ts leaveAt)
 * and the warning about losing the place.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Timer } from '../../components/Timer.tsx';
import { WaitWindow } from '../../components/WaitWindow.tsx';
import { timerClass } from '../../lib/timer.ts';
import type { TrackedOrder } from '../../lib/tracking.ts';
import { t } from '../../state/i18n.ts';
import { clock } from '../../state/tracking/tracking.ts';
import { leaveAt, messageText, view } from '../../state/tracking/tracking-view.ts';

/** "Leave by 14:20", or "Leave now" once it is time; nothing when there is no such moment. */
function leaveText(at: number | 'now' | null): string {
  if (at === null) return '';
  if (at === 'now') return t('eta.leaveNow');
  return t('window.leaveBy', { time: clock(at) });
}

function aheadText(o: TrackedOrder): string {
  if (o.queue === null) return '';
  if (o.ahead === 0) return t('tracking.ahead.zero');
  return o.ahead === 1 ? t('tracking.ahead.one') : t('tracking.ahead.many', { count: o.ahead });
}

export function WaitCard({ order: o }: { order: TrackedOrder }) {
  useSignals();
  const v = view.value;
  const ahead = v?.ahead ? aheadText(o) : '';
  const leave = v?.warning ? leaveText(leaveAt.value) : '';
  return (
    <section
      className="tracking-wait card"
      data-wait={o.queue === null ? 'unknown' : timerClass(o.queue)}
      data-state={v?.kind}
      aria-labelledby="tracking-wait-title"
    >
      <h2 id="tracking-wait-title" className="tracking-wait-label">
        {t('tracking.wait.title')}
      </h2>
      <div className="tracking-live" aria-live="polite" aria-atomic="true">
        <Timer large minutes={o.queue} />
        {ahead && <p className="tracking-ahead">{ahead}</p>}
        <WaitWindow wait={o.queue} low={o.queueLow} high={o.queueHigh} help />
        <p className="tracking-message">{messageText.value}</p>
      </div>
      {/* Outside the live region: it moves with the clock, and the region speaks only the wait's changes. */}
      {leave && <p className="tracking-leave-by">{leave}</p>}
      {v?.warning && <p className="tracking-warning">{t('tracking.messages.warning')}</p>}
    </section>
  );
}
