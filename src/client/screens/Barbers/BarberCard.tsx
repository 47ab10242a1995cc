/** One barber in the list: photo, "Mikko K.", a favourite marker and today's shop or a 'not in' label. */
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../../components/Icon.tsx';
import { displayName } from '../../../shared/display-name.ts';
import { currentShop } from '../../lib/barber.ts';
import type { Barber } from '../../lib/types.ts';
import { t } from '../../state/i18n.ts';
import { favoriteBarberIds } from '../../state/prefs-later.ts';
import { BarberPhoto } from './BarberPhoto.tsx';

export function BarberCard({ barber }: { barber: Barber }) {
  useSignals();
  const name = displayName(barber);
  const shop = currentShop(barber);
  const favourite = favoriteBarberIds.value.includes(barber.id);
  return (
    <li>
      <a className="barber-card card" href={`/barbers/${barber.id}`}>
        {/* The name follows in text, so the photo is decorative here. */}
        <BarberPhoto barber={barber} alt="" className="barber-card-photo" size={56} />
        <span className="barber-card-body">
          <span className="barber-card-name">
            {name}
            {favourite && (
              <span className="barber-card-fav">
                <Icon name="star" size={16} filled label={t('barbers.favourite')} />
              </span>
            )}
          </span>
          {shop ? (
            <span className="barber-card-shop">
              {shop.name}
              {shop.city && <span className="muted">, {shop.city}</span>}
            </span>
          ) : (
            <span className="barber-card-shop muted">{t('barbers.notIn')}</span>
          )}
        </span>
        <Icon name="chevron" size={20} />
      </a>
    </li>
  );
}

/** A grey stand-in with the card's shape while the list loads. */
export function BarberCardSkeleton() {
  return (
    <li className="barber-card barber-card-skeleton" aria-hidden="true" data-skeleton="">
      <span className="barber-card-photo skeleton" />
      <span className="barber-card-body">
        <span className="skeleton barber-skeleton-line" />
        <span className="skeleton barber-skeleton-line short" />
      </span>
    </li>
  );
}
