/**
 * The shop's map: with a maps key the static dark map image, without one (or when it fails to
 * load) a drawn placeholder card with the address. Either way a directions link from the user's position.
 */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { intlOfLanguage } from '../lib/shop-detail.ts';
import { shopMap } from '../lib/static-map.ts';
import type { LatLng } from '../lib/types.ts';
import { config } from '../state/config.ts';
import { geo } from '../state/geo.ts';
import { language, t } from '../state/i18n.ts';
import { Icon } from './Icon.tsx';

export function StaticMap({ coords, name, address, city }: { coords: LatLng; name: string; address: string; city: string }) {
  useSignals();
  const [failed, setFailed] = useState(false);
  const g = geo.value;
  const user = g.status === 'fulfilled' ? { lat: g.lat, lng: g.lng } : null;
  const map = shopMap(coords, user, config.value.mapsKey, intlOfLanguage(language.value).split('-')[0]);
  return (
    <div className="static-map">
      {map.image && !failed ? (
        <img
          className="static-map-image"
          src={map.image}
          alt={t('shop.map.alt', { name, address })}
          width={map.width}
          height={map.height}
          loading="lazy"
          onError={() => setFailed(true)}
        />
      ) : (
        <div className="static-map-placeholder">
          <span className="static-map-pin" aria-hidden="true">
            <Icon name="pin" size={32} />
          </span>
          <p className="static-map-address">
            <strong>{name}</strong>
            <span>{address}</span>
            {city && !address.includes(city) && <span>{city}</span>}
          </p>
          <span className="visually-hidden">{t('shop.map.noMap')}</span>
        </div>
      )}
      {map.directions ? (
        <a className="button block static-map-directions" href={map.directions} target="_blank" rel="noopener noreferrer">
          <Icon name="map" size={20} />
          {t('shop.map.directions')}
          <span className="visually-hidden"> {t('shop.map.newTab')}</span>
        </a>
      ) : (
        <p className="static-map-missing muted">{t('shop.map.notFound')}</p>
      )}
    </div>
  );
}
