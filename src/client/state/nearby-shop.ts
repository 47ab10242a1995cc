/**
 * The shorter queue nearby on the shop page, before joining (state/nearby.ts): this shop's window for the barber
 * chosen and the services picked, and "Go there", which opens the other shop's page with the same services and
 * extras preselected by catalogue key.
 */
import { isEmpty } from '../lib/order.ts';
import { navigate } from '../router/history.ts';
import { track } from '../services/analytics.ts';
import { offer, props, watchNearby } from './nearby.ts';
import { carry, editable, selection } from './order.ts';
import { selectBarber, wait, waitRange } from './shop-page.ts';
import { shop } from './shops.ts';

/** Watches while the page shows a shop taking orders and services are picked. Returns the stop. */
export function enterNearbyShop(): () => void {
  return watchNearby(() => {
    const s = shop.value;
    const sel = selection.value;
    if (!s || !editable.value || isEmpty(sel)) return null;
    return {
      where: 'shop',
      here: { id: s.id, coords: s.coords, low: waitRange.value.low ?? wait.value },
      selection: sel,
      refuseKey: `shop:${s.id}`,
    };
  });
}

/** "Go there": the other shop's page, the barber back to anyone (barbers are a shop's own), the services carried. */
export function goThere() {
  const o = offer.peek();
  if (o?.where !== 'shop') return;
  track('nearby-offer-taken', props(o));
  carry(o.candidate.shop.id, o.selection);
  selectBarber(null);
  navigate(`/barbershop/${o.candidate.shop.id}`);
}
