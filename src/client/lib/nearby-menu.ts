/**
 * The same services at another shop of the chain: what the customer picked here, matched by catalogue key against
 * the other shop's menu (GET /pobs/{id}/), what that shop lacks, and the selection that preselects the rest there.
 * Pure; the menus come in as wire answers because only they carry the catalogue keys.
 */
import type { WireExtraService, WirePobDetail, WireService } from '../../shared/wire.ts';
import type { Selection } from './order.ts';

/** A picked line: its key in the chain's catalogue (null: none, so no other shop can match it) and its title here. */
export interface PickedItem {
  key: string | null;
  title: string;
}

export interface PickedService extends PickedItem {
  extras: PickedItem[];
}

type Menu = Pick<WirePobDetail, 'services' | 'extra_services'>;

const keyOf = (item: { catalogue_key?: string | null }) =>
  typeof item.catalogue_key === 'string' && item.catalogue_key ? item.catalogue_key : null;
const extrasOf = (menu: Menu, serviceId: number): WireExtraService[] => menu.extra_services?.[String(serviceId)] ?? [];

/**
 * The picked services and extras of this shop's menu, in the order picked; ids the menu does not list are skipped.
 * `titles` gives the names the customer saw when the menu is not his language's (an order keeps them as sold).
 */
export function pickedItems(menu: Menu, sel: Selection, titles: ReadonlyMap<number, string> = new Map()): PickedService[] {
  const byId = new Map(menu.services.map((s) => [s.id, s]));
  return sel.serviceIds.flatMap((id) => {
    const service = byId.get(id);
    if (!service) return [];
    const chosen = new Set(sel.extraServiceIds[id] ?? []);
    const extras = extrasOf(menu, id)
      .filter((e) => chosen.has(e.id))
      .map((e) => ({ key: keyOf(e), title: titles.get(e.id) ?? e.title }));
    return [{ key: keyOf(service), title: titles.get(id) ?? service.title, extras }];
  });
}

export interface MenuMatch {
  /** What preselects the offered part there (the other shop's ids). */
  selection: Selection;
  /** Titles (as picked here) of what the other shop does not offer: services, and extras of offered services. */
  missing: string[];
}

/**
 * Matches the picked items against the other shop's menu by catalogue key: a service there with the same key,
 * and under it the extras with the same keys. An extra of a missing service is not named apart: the service is.
 * Null when none of the picked services is offered there (no offer then).
 */
export function matchMenu(picked: readonly PickedService[], there: Menu): MenuMatch | null {
  const byKey = new Map<string, WireService>();
  for (const s of there.services) {
    const k = keyOf(s);
    if (k && !byKey.has(k)) byKey.set(k, s);
  }
  const selection: Selection = { serviceIds: [], extraServiceIds: {} };
  const missing: string[] = [];
  for (const p of picked) {
    const service = p.key ? byKey.get(p.key) : undefined;
    if (!service || selection.serviceIds.includes(service.id)) {
      if (!service) missing.push(p.title);
      continue;
    }
    selection.serviceIds.push(service.id);
    const extras = extrasOf(there, service.id);
    const ids: number[] = [];
    for (const e of p.extras) {
      const match = e.key ? extras.find((x) => keyOf(x) === e.key) : undefined;
      if (match && (service.multiple || ids.length === 0)) ids.push(match.id);
      else if (!match) missing.push(e.title);
    }
    if (ids.length) {
      const order = new Map(extras.map((x) => [x.id, x.order]));
      selection.extraServiceIds[service.id] = ids.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    }
  }
  return selection.serviceIds.length ? { selection, missing } : null;
}
