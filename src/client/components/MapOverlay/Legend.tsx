/** What the markers' colours and words mean: a wait, none, a full queue, a closed shop (each a sample marker). */
import { t } from '../../state/i18n.ts';

export function MapLegend() {
  const items = [
    { cls: 'wait-0', sample: t('timer.now'), text: t('map.legend.now') },
    { cls: 'wait-30', sample: '25', text: t('map.legend.minutes') },
    { cls: 'map-marker-full', sample: t('map.marker.full'), text: t('map.legend.full') },
    { cls: 'map-marker-closed', sample: t('map.marker.closed'), text: t('map.legend.closed') },
  ];
  return (
    <section className="map-legend" aria-labelledby="map-legend-title">
      <h3 id="map-legend-title" className="visually-hidden">
        {t('map.legend.title')}
      </h3>
      <ul>
        {items.map((i) => (
          <li key={i.cls} className={`map-marker-sample ${i.cls}`}>
            <span className="map-marker-pill" aria-hidden="true">
              {i.sample}
            </span>
            <span className="map-legend-text">{i.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
