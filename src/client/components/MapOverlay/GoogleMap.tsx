/** The map drawn by the maps JS API (deployments with a maps key): dark style, zoom 12, one marker a shop. */
import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { DEFAULT_ZOOM, jsApiStyles, validPosition } from '../../lib/map.ts';
import type { LatLng, Shop } from '../../lib/types.ts';
import type { MapsApi, MapsMap } from '../../lib/maps-api.ts';
import { t } from '../../state/i18n.ts';

interface Props {
  api: MapsApi;
  center: LatLng;
  shops: Shop[];
  user: LatLng | null;
  onSelect: (id: number) => void;
}

export function GoogleMap({ api, center, shops, user, onSelect }: Props) {
  useSignals();
  const el = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapsMap | null>(null);

  // The map is made once; a list refresh only redraws the markers, so the customer's pan and zoom stay.
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

  useEffect(() => {
    if (!map) return;
    const markers = shops.filter((s) => validPosition(s.coords)).map((s) => {
      const marker = new api.Marker({ map, position: s.coords, title: s.name, label: s.queue === null ? '–' : String(Math.max(0, s.queue)) });
      marker.addListener('click', () => onSelect(s.id));
      return marker;
    });
    if (validPosition(user)) markers.push(new api.Marker({ map, position: user, title: t('map.you') }));
    return () => markers.forEach((m) => m.setMap(null));
  }, [map, shops, user?.lat, user?.lng]);

  return <div ref={el} className="map-canvas" role="region" aria-label={t('map.label')} />;
}
