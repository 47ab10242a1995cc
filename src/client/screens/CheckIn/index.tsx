/** /checkin/{shopId}: what the QR code on a shop's door opens. */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { Loader } from '../../components/Loader.tsx';
import { LoginDialog } from '../../components/LoginDialog/index.tsx';
import { checkInAt, checkInState, reset } from '../../state/tracking/checkin.ts';
import { t } from '../../state/i18n.ts';
import { sync } from '../../state/session.ts';
import { SubPage } from '../../components/SubPage.tsx';

export default function CheckIn({ params }: ScreenProps) {
  useSignals();
  const shopId = Number(params.shopId);
  const [loginOpen, setLoginOpen] = useState(false);
  const syncing = sync.value === 'syncing';
  // Runs again when a stored login's sync ends, so its active order is known before deciding.
  useEffect(() => {
    if (Number.isInteger(shopId) && shopId > 0 && !syncing) void checkInAt(shopId);
    else if (!syncing) checkInState.value = { kind: 'none' };
    return reset;
  }, [shopId, syncing]);
  const s = checkInState.value;
  return (
    <SubPage title={t('checkin.title')} backTo="/home" className="text-page checkin">
      {s.kind === 'idle' || s.kind === 'working' ? (
        <Loader label={t('checkin.working')} />
      ) : s.kind === 'login' ? (
        <>
          <p>{t('checkin.login')}</p>
          <button type="button" className="button primary" onClick={() => setLoginOpen(true)}>
            {t('checkin.loginButton')}
          </button>
          <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)} onSuccess={() => void checkInAt(shopId)} />
        </>
      ) : s.kind === 'done' ? (
        <div role="status">
          <h2>{t('checkin.done', { shop: s.shop })}</h2>
          <p className="checkin-note">{t('checkin.note')}</p>
          <a className="button primary" href="/tracking">
            {t('checkin.toTracking')}
          </a>
        </div>
      ) : s.kind === 'none' ? (
        <div role="status">
          <h2>{t('checkin.none')}</h2>
          <p>{t('checkin.noneText')}</p>
          <a className="button primary" href={`/barbershop/${shopId}`}>
            {t('checkin.toShop')}
          </a>
        </div>
      ) : (
        <div role="alert">
          <p>{t('checkin.error')}</p>
          <button type="button" className="button primary" onClick={() => void checkInAt(shopId)}>
            {t('checkin.retry')}
          </button>
        </div>
      )}
    </SubPage>
  );
}
