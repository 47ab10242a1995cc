/**
 * A barber's page: photo, name, description, favourite toggle, work schedule and
 * a join-queue button while the barber is on shift. A rejected load goes to /barbers; refreshed every minute.
 */
import { useEffect, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { FavoriteButton } from '../../components/FavoriteButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { displayName } from '../../../shared/display-name.ts';
import { canJoinQueue, currentShop } from '../../lib/barber.ts';
import { back, navigate } from '../../router/history.ts';
import { BARBER_REFRESH_MS } from '../../state/barber-search.ts';
import { barber, barberStatus, loadBarber } from '../../state/barbers.ts';
import { t } from '../../state/i18n.ts';
import { poll } from '../../state/poll.ts';
import { favoriteBarberIds, toggleFavoriteBarber } from '../../state/prefs-later.ts';
import { BarberPhoto } from '../Barbers/BarberPhoto.tsx';
import { Schedule } from './Schedule.tsx';

const toBarbers = () => navigate('/barbers', { replace: true });

function TopBar({ children }: { children?: ReactNode }) {
  useSignals();
  return (
    <div className="top-bar barber-top-bar">
      <button type="button" className="icon-button" aria-label={t('common.back')} onClick={() => back('/barbers')}>
        <Icon name="back" />
      </button>
      <span className="barber-top-spacer" />
      {children}
    </div>
  );
}

function Skeleton() {
  useSignals();
  return (
    <div className="barber-page" aria-busy="true">
      <TopBar />
      <span className="visually-hidden" role="status">
        {t('barber.loading')}
      </span>
      <div className="barber-hero" aria-hidden="true">
        <span className="barber-photo skeleton" />
        <span className="skeleton barber-skeleton-title" />
        <span className="skeleton barber-skeleton-text" />
      </div>
    </div>
  );
}

export default function BarberPage({ params }: ScreenProps) {
  useSignals();
  const id = Number(params.id);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      toBarbers();
      return;
    }
    let live = true;
    let first = true;
    const stop = poll(
      async () => {
        const ok = await loadBarber(id, { refresh: !first });
        first = false;
        if (!ok && live) toBarbers();
      },
      BARBER_REFRESH_MS,
      { immediate: true },
    );
    return () => {
      live = false;
      stop();
    };
  }, [id]);

  const b = barber.value;
  if (!b || b.id !== id) return barberStatus.value === 'rejected' ? null : <Skeleton />;

  const name = displayName(b);
  const shop = currentShop(b);
  const now = new Date();
  const canJoin = canJoinQueue(b, now);
  const favourite = favoriteBarberIds.value.includes(b.id);

  return (
    <div className="barber-page">
      <TopBar>
        <FavoriteButton on={favourite} name={name} onToggle={() => toggleFavoriteBarber(b.id)} />
      </TopBar>
      <div className="barber-hero">
        <BarberPhoto barber={b} alt={t('barber.photo', { name })} className="barber-photo" size={144} eager />
        <h1>{name}</h1>
        <p className={shop ? 'barber-shop' : 'barber-shop muted'}>
          {shop ? (
            <>
              <Icon name="pin" size={18} />
              {shop.name}
              {shop.city ? `, ${shop.city}` : ''}
            </>
          ) : (
            t('barbers.notIn')
          )}
        </p>
        {b.description && <p className="barber-description">{b.description}</p>}
      </div>
      <div className="section barber-join" aria-live="polite">
        {canJoin && shop ? (
          <a className="button primary block" href={`/barbershop/${shop.id}?barber=${b.id}`}>
            <Icon name="scissors" size={20} />
            {t('barber.join', { name: b.firstname })}
          </a>
        ) : (
          <p className="muted barber-off">{t('barber.offShift')}</p>
        )}
      </div>
      <Schedule shifts={b.shifts} now={now} />
    </div>
  );
}
