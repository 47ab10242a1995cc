/** The card shown when a marker is tapped: name, wait, and a link to the shop when it is taking orders. */
import { useEffect, useRef } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { formatDistance } from '../../lib/format-distance.ts';
import { shopState } from '../../lib/shop-state.ts';
import type { Shop } from '../../lib/types.ts';
import { locale, t } from '../../state/i18n.ts';
import { Icon } from '../Icon.tsx';
import { addressLine, stateMessage, todaysHours, WaitOrState } from '../ShopCard.tsx';

export function ShopPopup({ shop, distance, onClose }: { shop: Shop; distance?: number; onClose: () => void }) {
  useSignals();
  const state = shopState(shop);
  const message = stateMessage(shop, state);
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the popup so keyboard and screen-reader users land on what they opened.
  // shop.id is the trigger: tapping another marker reuses this popup and must move focus again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => heading.current?.focus(), [shop.id]);
  return (
    <section className="map-popup card" aria-labelledby="map-popup-title">
      <button type="button" className="icon-button map-popup-close" aria-label={t('map.closePopup')} onClick={onClose}>
        <Icon name="close" size={20} />
      </button>
      <h3 id="map-popup-title" ref={heading} tabIndex={-1}>
        {shop.name}
      </h3>
      <p className="muted map-popup-address">{addressLine(shop)}</p>
      <div className="map-popup-row">
        <span className="muted">
          <Icon name="clock" size={16} /> {todaysHours(shop)}
          {distance !== undefined && Number.isFinite(distance) && <> · {formatDistance(distance, locale.value)}</>}
        </span>
        <WaitOrState shop={shop} state={state} large />
      </div>
      {state === 'taking-orders' ? (
        <a className="button primary block" href={`/barbershop/${shop.id}`}>
          {t('map.open')}
        </a>
      ) : (
        <p className="map-popup-status">{message}</p>
      )}
    </section>
  );
}
