/**
 * The shorter queue nearby on the shop page, before joining (state/nearby.ts): this shop's window for the barber
 * chosen and the services picked, and "Go there", which opens the other shop's page with the same services and
 * extras preselected by catalogue key.
 */
import { effect } from '@preact/signals-react';
import { isEmpty, type Selection } from '../lib/order.ts';
import { navigate } from '../router/history.ts';
import { track } from '../services/analytics.ts';
import { offer, props, watchNearby } from './nearby.ts';
import { editable, preselect, selection } from './order.ts';
import { selectBarber, wait, waitRange } from './shop-page.ts';
import { shop } from './shops.ts';

/** What "Go there" carries to the other shop's page until its menu is in. */
let carried: { shopId: number; selection: Selection } | null = null;

/** Watches while the page shows a shop taking orders and services are picked; applies a carried selection. Returns the stop. */
export function enterNearbyShop(): () => void {
  const stop = watchNearby(() => {
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
  const stopCarry = effect(() => {
    const s = shop.value;
    if (!carried || !s || s.id !== carried.shopId) return;
    const sel = carried.selection;
    carried = null;
    preselect(sel);
  });
  return () => {
    stop();
    stopCarry();
  };
}

/** "Go there": the other shop's page, the barber back to anyone (barbers are a shop's own), the services carried. */
export function goThere() {
  const o = offer.peek();
  if (o?.where !== 'shop') return;
  track('nearby-offer-taken', props(o));
  carried = { shopId: o.candidate.shop.id, selection: o.selection };
  selectBarber(null);
  navigate(`/barbershop/${o.candidate.shop.id}`);
}

export function reset() {
  carried = null;
}
