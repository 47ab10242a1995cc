/**
 * The likely window under a wait ("usually 20–35 min", lib/wait-window.ts), or nothing when the number says it
 * all. Inside the timer's live region it is its own region that is off: a window that moves alone is not
 * announced; it is read with the number when the region around it speaks. With `help` it links to the screen that
 * says what "usually" means (How it works); the review step leaves that out, so a tap never leaves the order.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { waitWindow } from '../lib/wait-window.ts';
import { t } from '../state/i18n.ts';

/** The window's words, or '' when the number stands alone. */
export function windowText(wait: number | null, low: number | null | undefined, high: number | null | undefined): string {
  const w = waitWindow(wait, low, high);
  if (!w) return '';
  return w.kind === 'upTo' ? t('window.upTo', { high: w.high }) : t('window.usually', { low: w.low, high: w.high });
}

interface WaitWindowProps {
  wait: number | null;
  low: number | null | undefined;
  high: number | null | undefined;
  help?: boolean;
}

export function WaitWindow({ wait, low, high, help }: WaitWindowProps) {
  useSignals();
  const text = windowText(wait, low, high);
  if (!text) return null;
  return (
    <p className="wait-window" aria-live="off">
      {help ? <a href="/info">{text}</a> : text}
    </p>
  );
}
