/**
 * A shop in the list: name, address, today's hours, the wait, the distance when known
 * and a favourite star. Only a shop taking orders is a link; the others say why they cannot be opened.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { shopState } from '../lib/shop-state.ts';
import { formatDistance } from '../lib/format-distance.ts';
import type { Shop, ShopCardState } from '../lib/types.ts';
import { locale, t } from '../state/i18n.ts';
import { FavoriteButton } from './FavoriteButton.tsx';
import { Icon } from './Icon.tsx';
import { Timer } from './Timer.tsx';
import { windowText } from './WaitWindow.tsx';

/** The state in words: why a card cannot be opened, or that it takes pre-orders (shared with the shop page and the map). */
export function stateMessage(shop: Pick<Shop, 'open' | 'closingSoon'>, state: ShopCardState): string {
  if (state === 'full') return t('home.card.full');
  // Open but closing soon: the shop still serves, the online queue has closed for the day.
  if (state === 'closed') return t(shop.open ? 'home.card.queueClosed' : 'home.card.closed');
  if (state === 'unknown') return t('home.card.unknown');
  return t('home.card.takesOrders');
}

/** The wait while the shop takes orders (a dash when unknown); a full or closed queue shows its state, never a wait. */
export function WaitOrState({
  shop,
  state,
  large,
  also,
}: {
  shop: Pick<Shop, 'queue'>;
  state: ShopCardState;
  large?: boolean;
  also?: string;
}) {
  return state === 'full' || state === 'closed' ? (
    <span className={`shop-card-badge ${state}`}>{t(`home.card.${state}Badge`)}</span>
  ) : (
    <Timer minutes={state === 'unknown' ? null : shop.queue} large={large} also={also} />
  );
}

/** Today's hours as "09:00–20:00", or the 'closed today' text. */
export function todaysHours(shop: Pick<Shop, 'openTime' | 'closeTime'>): string {
  return shop.openTime && shop.closeTime ? `${shop.openTime}–${shop.closeTime}` : t('home.card.closedToday');
}

/** Address and city; the city is left out when the address already ends with it ("…, 00100 Helsinki"). */
export function addressLine(shop: Pick<Shop, 'address' | 'city'>): string {
  const { address, city } = shop;
  if (!city || address.toLocaleLowerCase().includes(city.toLocaleLowerCase())) return address;
  return address ? `${address}, ${city}` : city;
}

export interface ShopCardProps {
  shop: Shop;
  /** Kilometres from the customer, when the position is known. */
  distance?: number;
  favorite: boolean;
  onToggleFavorite: (id: number) => void;
}

export function ShopCard({ shop, distance, favorite, onToggleFavorite }: ShopCardProps) {
  useSignals();
  const state = shopState(shop);
  const message = stateMessage(shop, state);
  const far = distance !== undefined && Number.isFinite(distance) ? formatDistance(distance, locale.value) : '';
  const body = (
    <>
      <div className="shop-card-main">
        <h3 className="shop-card-name">{shop.name}</h3>
        <p className="shop-card-address">{addressLine(shop)}</p>
        <p className="shop-card-meta">
          <span className="shop-card-hours">
            <Icon name="clock" size={16} />
            {shop.openTime && <span className="visually-hidden">{t('home.card.today')} </span>}
            {todaysHours(shop)}
          </span>
          {far && (
            <span className="shop-card-distance">
              <Icon name="pin" size={16} />
              <span className="visually-hidden">{t('home.card.distance')} </span>
              {far}
            </span>
          )}
        </p>
      </div>
      <div className="shop-card-wait">
        {/* Compact: the card shows the number; its likely window is in the label. */}
        <WaitOrState shop={shop} state={state} also={windowText(shop.queue, shop.queueLow, shop.queueHigh)} />
      </div>
      <p className="shop-card-status">{message}</p>
    </>
  );
  return (
    <li className={`shop-card card state-${state}`}>
      {state === 'taking-orders' ? (
        <a className="shop-card-body" href={`/barbershop/${shop.id}`}>
          {body}
        </a>
      ) : (
        <div className="shop-card-body">{body}</div>
      )}
      <FavoriteButton on={favorite} name={shop.name} onToggle={() => onToggleFavorite(shop.id)} />
    </li>
  );
}
