/**
 * The full-screen map of shops, a lazily loaded chunk. With a maps key the JS
 * API draws it; without one, or when the API cannot load, OpenStreetMap tiles drawn here (a plain dark
 * grid when offline). A dialog: focus moves in, Tab stays in, Escape and the close button close it.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { MAP_DEFAULT_CENTER } from '../../../shared/constants.ts';
import { distanceKm } from '../../lib/distance.ts';
import { initialCenter, validPosition } from '../../lib/map.ts';
import type { Shop } from '../../lib/types.ts';
import type { MapsApi } from '../../lib/maps-api.ts';
import { config } from '../../state/config.ts';
import { position } from '../../state/home.ts';
import { loadMapsApi } from '../../state/maps.ts';
import { t } from '../../state/i18n.ts';
import { Icon } from '../Icon.tsx';
import { Loader } from '../Loader.tsx';
import { GoogleMap } from './GoogleMap.tsx';
import { MapLegend } from './Legend.tsx';
import { ShopPopup } from './ShopPopup.tsx';
import { TileMap } from './TileMap.tsx';

const FOCUSABLE = 'a[href], button:not([disabled]), input, [tabindex]:not([tabindex="-1"])';

export interface MapOverlayProps {
  shops: Shop[];
  onClose: () => void;
}

export default function MapOverlay({ shops, onClose }: MapOverlayProps) {
  useSignals();
  const user = position.value;
  const [api, setApi] = useState<MapsApi | null>(null);
  const [mode, setMode] = useState<'loading' | 'api' | 'tiles'>(config.value.mapsKey ? 'loading' : 'tiles');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [center] = useState(() => initialCenter(user, MAP_DEFAULT_CENTER));
  const root = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => closeButton.current?.focus(), []);
  useEffect(() => {
    if (mode !== 'loading') return;
    let live = true;
    loadMapsApi()
      .then((loaded) => {
        if (!live) return;
        setApi(loaded);
        setMode(loaded ? 'api' : 'tiles');
      })
      .catch(() => live && setMode('tiles')); // no network or a bad key: the tile map still works
    return () => {
      live = false;
    };
  }, [mode]);

  const selected = shops.find((s) => s.id === selectedId) ?? null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !root.current) return;
    // Keep Tab inside the dialog: wrap at the ends, and from a non-tabbable spot (the popup's heading) go on by hand.
    const items = [...root.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const active = document.activeElement as HTMLElement | null;
    if (items.length === 0 || !active) return;
    const i = items.indexOf(active);
    let next: HTMLElement | undefined;
    if (i === -1) {
      const after = items.filter((el) => active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
      const before = items.filter((el) => !after.includes(el));
      next = e.shiftKey ? (before[before.length - 1] ?? items[items.length - 1]) : (after[0] ?? items[0]);
    } else if (e.shiftKey && i === 0) next = items[items.length - 1];
    else if (!e.shiftKey && i === items.length - 1) next = items[0];
    if (!next) return;
    e.preventDefault();
    next.focus();
  };

  return (
    <div className="map-overlay" role="dialog" aria-modal="true" aria-labelledby="map-title" ref={root} onKeyDown={onKeyDown}>
      <header className="map-bar">
        <h2 id="map-title">{t('map.title')}</h2>
        <button type="button" ref={closeButton} className="icon-button map-close" aria-label={t('map.close')} onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      {/* A position with invalid coordinates is said, not silently left off the map. */}
      {user && !validPosition(user) && (
        <p className="map-error" role="alert">
          {t('map.invalidPosition')}
        </p>
      )}
      <div className="map-stage">
        {mode === 'loading' && <Loader label={t('map.loading')} />}
        {mode === 'api' && api && <GoogleMap api={api} center={center} shops={shops} user={user} onSelect={setSelectedId} />}
        {mode === 'tiles' && <TileMap center={center} shops={shops} user={user} selectedId={selectedId} onSelect={setSelectedId} />}
        {/* The legend names the tile map's markers (their colours are ours; the maps API draws its own pins, with the same words). */}
        {mode === 'tiles' && !selected && <MapLegend />}
      </div>
      {selected && (
        <ShopPopup
          shop={selected}
          distance={validPosition(user) ? distanceKm(user, selected.coords) : undefined}
          onClose={() => setSelectedId(null)}
        />
      )}
    </div>
  );
}
