/** The map drawn by the maps JS API (deployments with a maps key): dark style, zoom 12, one marker a shop. */
import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { DEFAULT_ZOOM, jsApiStyles, validPosition } from '../../lib/map.ts';
import type { LatLng, Shop } from '../../lib/types.ts';
import type { MapsApi, MapsMap } from '../../lib/maps-api.ts';
import { t } from '../../state/i18n.ts';
import { markerText } from './marker-text.ts';

interface Props {
  api: MapsApi;
  center: LatLng;
  shops: Shop[];
  user: LatLng | null;
  onSelect: (id: number) => void;
}

export function GoogleMap({ api, center, shops, user, onSelect }: Props) {
  useSignals();
  const el = useRef<HTMLElement>(null);
  const [map, setMap] = useState<MapsMap | null>(null);

  // The map is made once; a list refresh only redraws the markers, so the customer's pan and zoom stay.
  // center is only the starting view; a new center must not rebuild the map and lose the customer's pan and zoom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!el.current) return;
    setMap(
      new api.Map(el.current, {
        center,
        zoom: DEFAULT_ZOOM,
        styles: jsApiStyles(),
        backgroundColor: '#242424',
        disableDefaultUI: true,
        zoomControl: true,
        clickableIcons: false,
        gestureHandling: 'greedy',
      }),
    );
  }, [api]);

  // The position as numbers: a new object with the same place must not redraw the markers.
  const userLat = user?.lat;
  const userLng = user?.lng;
  useEffect(() => {
    if (!map) return;
    const you = userLat === undefined || userLng === undefined ? null : { lat: userLat, lng: userLng };
    const markers = shops
      .filter((s) => validPosition(s.coords))
      .map((s) => {
        const marker = new api.Marker({
          map,
          position: s.coords,
          title: s.name,
          label: markerText(s).label,
        });
        marker.addListener('click', () => onSelect(s.id));
        return marker;
      });
    if (validPosition(you)) markers.push(new api.Marker({ map, position: you, title: t('map.you') }));
    return () => {
      for (const m of markers) m.setMap(null);
    };
  }, [api, map, shops, userLat, userLng, onSelect]);

  // A named section is a region.
  return <section ref={el} className="map-canvas" aria-label={t('map.label')} />;
}
