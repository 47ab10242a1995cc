/** A distance in the locale's units : the shop list's one format, apart from lib/format.ts's others. */
import { KM_TO_MILES } from '../../shared/constants.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locales.ts';
import { formatted } from './known-formats.ts';

/**
 * Metric locales: under 1 km in whole metres ("999 m"), else km with one decimal ("1,0 km").
 * Imperial (US): always miles with one decimal, km × 0.6214, since metres are not an imperial unit.
 */
export function formatDistance(km: number, locale: Locale): string {
  if (!Number.isFinite(km)) return '';
  const { intl, imperial } = LOCALES[locale] ?? LOCALES[DEFAULT_LOCALE];
  const unit = (u: string, digits: number, value: number) =>
    formatted(`k${intl}${u}${digits} ${value}`, () =>
      new Intl.NumberFormat(intl, {
        style: 'unit',
        unit: u,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value),
    );
  if (imperial) return unit('mile', 1, km * KM_TO_MILES);
  const metres = Math.round(km * 1000);
  // 0.9996 km rounds to 1000 m, which reads better as "1,0 km".
  if (metres < 1000) return unit('meter', 0, metres);
  return unit('kilometer', 1, km);
}
