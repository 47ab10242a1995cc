/** The wait timer: minutes with the colour class of the wait, 'Now' at 0, a dash when unknown. */
import { useSignals } from '@preact/signals-react/runtime';
import { timerClass } from '../lib/timer.ts';
import { t } from '../state/i18n.ts';

/** `also`: words the screen reader hears after the wait (a shop card's likely window, which it does not show). */
export function Timer({ minutes, large = false, also }: { minutes: number | null; large?: boolean; also?: string }) {
  useSignals();
  const cls = `timer ${large ? 'timer-large ' : ''}${timerClass(minutes)}`;
  if (minutes === null)
    return (
      <span className="timer timer-unknown" role="img" aria-label={t('timer.unknown')}>
        –
      </span>
    );
  if (minutes <= 0) return <span className={cls}>{t('timer.now')}</span>;
  return (
    // An image of the wait: the label reads it in words, the number and unit inside are for the eye.
    <span className={cls} role="img" aria-label={t('timer.minutes', { minutes }) + (also ? `, ${also}` : '')}>
      <span className="timer-value">{minutes}</span>
      <span className="timer-unit">{t('timer.min')}</span>
    </span>
  );
}
