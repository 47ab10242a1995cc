/**
 * A slippy map drawn from OpenStreetMap raster tiles with Web Mercator math (lib/map.ts): drag to pan
 * (pointer events), zoom buttons, arrow and +/− keys. Tiles that fail to load (offline) are hidden and
 * the dark grid under them stays, so the markers are still placed where the shops are.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import {
  clampZoom,
  DEFAULT_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  panBy,
  TILE_SIZE,
  tileUrl,
  toScreen,
  toWorld,
  validPosition,
  visibleTiles,
} from '../../lib/map.ts';
import type { LatLng, Shop } from '../../lib/types.ts';
import { t } from '../../state/i18n.ts';
import { Icon } from '../Icon.tsx';
import { markerText } from './marker-text.ts';
import { pillOffsets } from '../../lib/map-markers.ts';

const DRAG_THRESHOLD_PX = 5;
const KEY_PAN_PX = 96;
/** Markers this far outside the viewport are not drawn. */
const CULL_PX = 48;

interface Props {
  center: LatLng;
  shops: Shop[];
  user: LatLng | null;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

interface Drag {
  id: number;
  x: number;
  y: number;
  from: LatLng;
  moved: boolean;
}

type View = { center: LatLng; zoom: number };

/**
 * The map's moves: a pointer drag pans (captured only once it is a drag), arrows pan and +/− zoom while the map
 * has focus, and a drag that ends over a marker is not a tap on it.
 */
function useMapMoves(center: LatLng, setView: (fn: (v: View) => View) => void) {
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);
  const zoomBy = (d: number) => setView((v) => ({ ...v, zoom: clampZoom(v.zoom + d) }));
  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, center: panBy(v.center, dx, dy, v.zoom) }));

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, from: center, moved: false };
    dragged.current = false;
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      // Captured only once it is a drag, so a tap still reaches the marker under the finger.
      d.moved = true;
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    setView((v) => ({ ...v, center: panBy(d.from, dx, dy, v.zoom) }));
  };
  const onPointerEnd = (e: PointerEvent<HTMLElement>) => {
    if (drag.current?.id !== e.pointerId) return;
    dragged.current = drag.current.moved;
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN_PX, 0],
      ArrowRight: [-KEY_PAN_PX, 0],
      ArrowUp: [0, KEY_PAN_PX],
      ArrowDown: [0, -KEY_PAN_PX],
    };
    if (e.target !== e.currentTarget) return; // arrows on a marker button are not map moves
    if (moves[e.key]) pan(...moves[e.key]);
    else if (e.key === '+' || e.key === '=') zoomBy(1);
    else if (e.key === '-') zoomBy(-1);
    else return;
    e.preventDefault();
  };

  const onClickCapture = (e: MouseEvent<HTMLElement>) => {
    if (dragged.current) {
      e.stopPropagation();
      dragged.current = false;
    }
  };
  return {
    zoomBy,
    handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onKeyDown, onClickCapture },
  };
}

/** The tiles that cover the view; one that fails (offline) is hidden and reported, the grid under it stays. */
function Tiles({ center, zoom, w, h, onFail }: { center: LatLng; zoom: number; w: number; h: number; onFail: () => void }) {
  return (
    <div className="tile-map-tiles" aria-hidden="true">
      {visibleTiles(center, zoom, w, h).map((tile) => {
        const src = tileUrl(tile);
        return (
          <img
            key={`${tile.z}/${tile.col}/${tile.y}`}
            src={src}
            alt=""
            width={TILE_SIZE}
            height={TILE_SIZE}
            draggable={false}
            decoding="async"
            style={{ transform: `translate(${tile.left}px, ${tile.top}px)` }}
            onError={(e) => {
              e.currentTarget.style.visibility = 'hidden';
              onFail();
            }}
          />
        );
      })}
    </div>
  );
}

export function TileMap({ center: start, shops, user, selectedId, onSelect }: Props) {
  useSignals();
  const stage = useRef<HTMLElement>(null);
  const [size, setSize] = useState({ w: innerWidth || 390, h: innerHeight || 844 });
  const [view, setView] = useState({ center: start, zoom: DEFAULT_ZOOM });
  const [tilesFailed, setTilesFailed] = useState(false);

  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => el.clientWidth > 0 && el.clientHeight > 0 && setSize({ w: el.clientWidth, h: el.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { center, zoom } = view;
  const { zoomBy, handlers } = useMapMoves(center, setView);

  const world = toWorld(center, zoom);
  const gridX = (((size.w / 2 - world.x) % TILE_SIZE) + TILE_SIZE) % TILE_SIZE;
  const gridY = (((size.h / 2 - world.y) % TILE_SIZE) + TILE_SIZE) % TILE_SIZE;
  const inView = (p: { x: number; y: number }) => p.x > -CULL_PX && p.y > -CULL_PX && p.x < size.w + CULL_PX && p.y < size.h + CULL_PX;
  const markers = shops.flatMap((shop) => {
    if (!validPosition(shop.coords)) return [];
    const p = toScreen(shop.coords, center, zoom, size.w, size.h);
    return inView(p) ? [{ shop, p, ...markerText(shop) }] : [];
  });
  const offsets = pillOffsets(markers.map(({ shop, p, label }) => ({ id: shop.id, x: p.x, y: p.y, label })));
  const me = validPosition(user) ? toScreen(user, center, zoom, size.w, size.h) : null;

  return (
    <div className="tile-map">
      {/* A named section is a region. */}
      <section
        ref={stage}
        className="tile-map-stage"
        style={{ backgroundPosition: `${gridX}px ${gridY}px` }}
        // the map is a widget: it takes focus so the arrow keys and +/- pan and zoom it (onKeyDown).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        aria-roledescription={t('map.roledescription')}
        aria-label={t('map.label')}
        {...handlers}
      >
        <Tiles center={center} zoom={zoom} w={size.w} h={size.h} onFail={() => setTilesFailed(true)} />
        {me && inView(me) && (
          <span className="map-me" style={{ transform: `translate(${me.x}px, ${me.y}px)` }} role="img" aria-label={t('map.you')} />
        )}
        {markers.map(({ shop, p, label, aria, cls }) => {
          const dx = offsets.get(shop.id) ?? 0;
          return (
            <button
              key={shop.id}
              type="button"
              className={`map-marker ${cls}${shop.id === selectedId ? ' selected' : ''}`}
              style={{ transform: `translate(${p.x}px, ${p.y}px)` }}
              aria-label={aria}
              aria-pressed={shop.id === selectedId}
              onClick={() => onSelect(shop.id)}
            >
              <span className="map-marker-pill" style={dx ? { transform: `translateX(${dx}px)` } : undefined}>
                {label}
              </span>
            </button>
          );
        })}
      </section>
      <div className="map-zoom">
        <button type="button" className="icon-button" aria-label={t('map.zoomIn')} onClick={() => zoomBy(1)} disabled={zoom >= MAX_ZOOM}>
          <span aria-hidden="true">+</span>
        </button>
        <button type="button" className="icon-button" aria-label={t('map.zoomOut')} onClick={() => zoomBy(-1)} disabled={zoom <= MIN_ZOOM}>
          <span aria-hidden="true">−</span>
        </button>
      </div>
      {tilesFailed && (
        <p className="map-offline" role="status">
          <Icon name="info" size={16} /> {t('map.offline')}
        </p>
      )}
      <a className="map-attribution" href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer external">
        {t('map.attribution')}
      </a>
    </div>
  );
}
