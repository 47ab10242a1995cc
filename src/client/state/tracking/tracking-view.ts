/**
 * What the tracking screen shows of the followed order (tracking.ts): when to leave, and the one state of the order
 * and its one message. Re-read at every refresh.
 */
import { computed } from '@preact/signals-react';
import { trackingState } from '../../lib/tracking-state.ts';
import { t } from '../i18n.ts';
import { tList } from '../languages.ts';
import { geo } from '../geo.ts';
import { tripFrom } from '../../lib/travel.ts';
// When a customer on his way should leave: one function with the server's quote.
import { leaveBy } from '../../../shared/leave-by.ts';
import { clock, expectedAt, message, order } from './tracking.ts';

/**
 * When a customer on his way should leave: to arrive at the low end of his window. The server's word (leave_by),
 * which its "time to leave" alert and the console's expected arrival are computed from (docs/decisions.md, "Leave
 * by"); from a server that does not say, counted here (shared/leave-by.ts leaveBy, the same rule) with his trip from his position
 * when it is known, else the one the server plans. 'now' once that moment has come; null at the shop, in service,
 * or without a window or a trip. Re-read at every refresh.
 */
export const leaveAt = computed((): number | 'now' | null => {
  const o = order.value;
  if (o?.status !== 'active' || o.checkedIn || o.inService) return null;
  if (o.leaveBy !== undefined) {
    if (o.leaveBy === null) return null;
    return o.leaveBy - Date.now() < 60_000 ? 'now' : o.leaveBy;
  }
  const g = geo.value;
  const fromHere = g.status === 'fulfilled' ? tripFrom({ lat: g.lat, lng: g.lng }, o.shop.coords) : null;
  const joined = Date.parse(o.date);
  const planned = o.expectedAt !== null && Number.isFinite(joined) ? Math.max(0, (o.expectedAt - joined) / 60_000) : null;
  const now = Date.now();
  const at = leaveBy(now, o.queueLow, fromHere?.minutes ?? planned);
  if (at === null) return null;
  return at - now < 60_000 ? 'now' : at;
});

/** The one state of the order and its one message (lib/tracking-state.ts); re-read at every refresh. */
export const view = computed(() => {
  const o = order.value;
  return o ? trackingState(o, { message: message.value, expectedAt: expectedAt.value, now: Date.now() }) : null;
});

/** The message's text: one of the five increase/decrease texts, or the single text of the other states. */
export const messageText = computed(() => {
  const v = view.value;
  if (!v) return '';
  if (v.kind === 'queue' && (message.value.kind === 'increase' || message.value.kind === 'decrease')) {
    const list = tList(v.key);
    return list[v.index] ?? list[0] ?? '';
  }
  return v.arriveAt !== null ? t(v.key, { time: clock(v.arriveAt) }) : t(v.key);
});
