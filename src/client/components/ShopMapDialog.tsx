/**
 * One shop on a full-screen map, centred on it (the order review's image and the tracking screen's address
 * open it): the tile map with the shop's marker, its address and the directions link. Loaded
 * lazily with its map code, so the shop and tracking chunks stay small.
 */
import { useId } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { directionsUrl, validPosition } from '../lib/map.ts';
import type { Shop } from '../lib/types.ts';
import { geo } from '../state/geo.ts';
import { t } from '../state/i18n.ts';
import { Dialog } from './Dialog.tsx';
import { Icon } from './Icon.tsx';
import { TileMap } from './MapOverlay/TileMap.tsx';

export default function ShopMapDialog({ shop, onClose }: { shop: Shop; onClose: () => void }) {
  useSignals();
  const id = useId();
  const g = geo.value;
  const user = g.status === 'fulfilled' ? { lat: g.lat, lng: g.lng } : null;
  const known = validPosition(shop.coords);
  return (
    <Dialog labelledBy={`${id}-title`} onClose={onClose} className="shop-map-dialog">
      <div className="dialog-head">
        <h2 id={`${id}-title`}>{shop.name}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('order.map.close')}>
          <Icon name="close" />
        </button>
      </div>
      <p className="muted shop-map-address">
        {[shop.address, shop.address.includes(shop.city) ? '' : shop.city].filter(Boolean).join(', ')}
      </p>
      {known ? (
        <>
          <div className="shop-map-stage">
            <TileMap center={shop.coords} shops={[shop]} user={user} selectedId={shop.id} onSelect={() => {}} />
          </div>
          <a className="button primary block" href={directionsUrl(shop.coords, user)} target="_blank" rel="noopener noreferrer">
            <Icon name="map" size={20} />
            {t('order.map.directions')}
            <span className="visually-hidden"> {t('shop.map.newTab')}</span>
          </a>
        </>
      ) : (
        <p className="muted">{t('shop.map.notFound')}</p>
      )}
    </Dialog>
  );
}
