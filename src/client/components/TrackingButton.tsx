/** The floating tracking button: with an active order, anywhere but /login and /tracking. */
import { useSignals } from '@preact/signals-react/runtime';
import { activeOrderId } from '../state/session.ts';
import { t } from '../state/i18n.ts';
import { Icon } from './Icon.tsx';

export function TrackingButton({ path }: { path: string }) {
  useSignals();
  if (!activeOrderId.value || path === '/login' || path === '/tracking') return null;
  return (
    <a className="tracking-fab" href="/tracking">
      <Icon name="clock" size={22} />
      <span>{t('tracking.button')}</span>
    </a>
  );
}
