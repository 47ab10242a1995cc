/**
 * What a shop's map marker says, for both map kinds: the wait's minutes ("Now" at none) while it takes orders,
 * "Full" or "Closed" in words otherwise (its colour and border say it too, never alone; the map's legend names each),
 * a dash when the wait is not known.
 */
import { shopState } from '../../lib/shop-state.ts';
import { timerClass } from '../../lib/timer.ts';
import type { Shop } from '../../lib/types.ts';
import { t } from '../../state/i18n.ts';
import { stateMessage } from '../ShopCard.tsx';

export function markerText(shop: Shop): { label: string; aria: string; cls: string } {
  const state = shopState(shop);
  // A full or closed queue never shows a wait.
  if (state === 'full' || state === 'closed')
    return { label: t(`map.marker.${state}`), aria: `${shop.name}: ${stateMessage(shop, state)}`, cls: `map-marker-${state}` };
  if (state !== 'taking-orders') return { label: '–', aria: `${shop.name}: ${stateMessage(shop, state)}`, cls: `map-marker-${state}` };
  const wait = shop.queue ?? 0;
  const label = wait <= 0 ? t('timer.now') : String(wait);
  const aria = `${shop.name}: ${wait <= 0 ? t('timer.now') : t('timer.minutes', { minutes: wait })}`;
  return { label, aria, cls: `${timerClass(wait)} map-marker-${state}` };
}
