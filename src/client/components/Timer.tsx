/** The wait timer (SPEC.md §4): minutes with the colour class of the wait, 'Now' at 0, a dash when unknown. */
import { useSignals } from '@preact/signals-react/runtime';
import { timerClass } from '../lib/timer.ts';
import { t } from '../state/i18n.ts';

export function Timer({ minutes, large = false }: { minutes: number | null; large?: boolean }) {
  useSignals();
  const cls = `timer ${large ? 'timer-large ' : ''}${timerClass(minutes)}`;
  if (minutes === null) return <span className="timer timer-unknown" aria-label={t('timer.unknown')}>–</span>;
  if (minutes <= 0) return <span className={cls}>{t('timer.now')}</span>;
  return (
    <span className={cls} aria-label={t('timer.minutes', { minutes })}>
      <span className="timer-value">{minutes}</span>
      <span className="timer-unit">{t('timer.min')}</span>
    </span>
  );
}
