/**
 * A shop's detail on the wire → the shop page's entity (lib/mappers.ts maps the list's shops). Pure, like those;
 * apart from them because only the shop page's code needs it (state/shop-page.ts hands it to state/shops.ts).
 */
import type { WireExtraService, WirePobDetail, WireService } from '../../shared/wire.ts';
import { minutes, toShop } from './mappers.ts';
import type { Extra, ShopDetail } from './types.ts';

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/** What a service and an extra both carry, missing texts as ''. */
function toMenuItem(w: WireService | WireExtraService) {
  return {
    title: w.title,
    order: w.order,
    description: w.description ?? '',
    longDescription: w.long_description ?? '',
    price: w.price,
    duration: w.duration,
  };
}

function toExtra(e: WireExtraService): Extra {
  return { id: e.id, serviceId: e.service_id, ...toMenuItem(e) };
}

export function toShopDetail(w: WirePobDetail, priority = 0, weekday?: number): ShopDetail {
  const extraServices: Record<number, Extra[]> = {};
  for (const [key, list] of Object.entries(w.extra_services ?? {})) {
    // Sub-options are sorted by order.
    extraServices[Number(key)] = (list ?? []).map(toExtra).sort(byOrder);
  }
  return {
    ...toShop(w, priority, weekday),
    image: w.image || false,
    floor: w.floor ?? null,
    notices: w.notices ?? [],
    serviceGroups: (w.service_groups ?? [])
      .map((g) => ({ id: g.id, title: g.title, order: g.order, description: g.description ?? '', parentId: g.parent_id ?? null }))
      .sort(byOrder),
    services: (w.services ?? [])
      .map((s) => ({ id: s.id, groupId: s.group_id, ...toMenuItem(s), multiple: Boolean(s.multiple) }))
      .sort(byOrder),
    extraServices,
    // shortest_queue is priority 0's: the page's "Anyone" is the viewer's own estimate (the headline's).
    queues: (w.queues ?? []).map((q) => {
      // The viewer's own wait with this barber when the server sends one per priority (index = priority); else the
      // spec's (priority 0).
      const own = q.waits?.[priority] ?? q;
      return {
        barber: { id: q.barber.id, name: q.barber.name, image: q.barber.image ?? null },
        waitTime: own.wait_time,
        waitLow: minutes(own.wait_low),
        waitHigh: minutes(own.wait_high),
        queueOpen: Boolean(q.queue_open),
      };
    }),
    openTimes: w.open_times ?? [],
  };
}
