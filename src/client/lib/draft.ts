/**
 * The order draft (docs/decisions.md, "The order draft"): what the customer has chosen on a shop page, as the phone
 * keeps it for the tab's session until the order is placed or emptied. Ids with the titles they had, so a draft read
 * again against a menu that has changed since keeps what still exists and can name what was dropped.
 */
import { ETA_CHOICES, type EtaChoice } from '../../shared/constants.ts';
import type { Companion } from './party.ts';
import type { Selection } from './order.ts';
import type { BarberQueue, Extra, Service } from './types.ts';

/** A chosen line of the menu, with the title it had when chosen. */
export interface DraftItem {
  id: number;
  title: string;
}

export interface DraftSelection {
  services: DraftItem[];
  /** Service id → its chosen extras. */
  extras: Record<number, DraftItem[]>;
}

export interface Draft {
  v: 1;
  shopId: number;
  selection: DraftSelection;
  barber: DraftItem | null;
  companions: { name: string; selection: DraftSelection; barber: DraftItem | null }[];
  eta: 'location' | EtaChoice | null;
}

type Menu = {
  services: readonly Service[];
  extraServices: Readonly<Record<number, readonly Extra[]>>;
  queues: readonly Pick<BarberQueue, 'barber'>[];
};

function draftSelection(sel: Selection, menu: Menu): DraftSelection {
  const byId = new Map(menu.services.map((s) => [s.id, s]));
  const services = sel.serviceIds.flatMap((id) => {
    const s = byId.get(id);
    return s ? [{ id, title: s.title }] : [];
  });
  const extras: Record<number, DraftItem[]> = {};
  for (const { id } of services) {
    const list = menu.extraServices[id] ?? [];
    const chosen = (sel.extraServiceIds[id] ?? []).flatMap((e) => {
      const extra = list.find((x) => x.id === e);
      return extra ? [{ id: e, title: extra.title }] : [];
    });
    if (chosen.length) extras[id] = chosen;
  }
  return { services, extras };
}

function draftBarber(id: number | null, menu: Menu): DraftItem | null {
  const q = id === null ? undefined : menu.queues.find((q) => q.barber.id === id);
  return q ? { id: q.barber.id, title: q.barber.name } : null;
}

/** The draft of what is chosen on `shopId`'s page, against its menu. */
export function makeDraft(
  shopId: number,
  menu: Menu,
  sel: Selection,
  barberId: number | null,
  companions: readonly Companion[],
  eta: 'location' | EtaChoice | null,
): Draft {
  return {
    v: 1,
    shopId,
    selection: draftSelection(sel, menu),
    barber: draftBarber(barberId, menu),
    companions: companions.map((c) => ({
      name: c.name,
      selection: draftSelection(c.selection, menu),
      barber: draftBarber(c.barberId, menu),
    })),
    eta,
  };
}

/** Whether a draft holds anything worth keeping: a service of the customer's or a companion. */
export const draftHoldsSomething = (d: Draft) => d.selection.services.length > 0 || d.companions.length > 0;

/** What a draft read again gives: the selections as they can be now, and the titles of what the menu no longer has. */
export interface Restored {
  selection: Selection;
  barberId: number | null;
  companions: { name: string; selection: Selection; barberId: number | null }[];
  eta: 'location' | EtaChoice | null;
  dropped: string[];
}

function restoreSelection(d: DraftSelection, menu: Menu, dropped: string[]): Selection {
  const services = new Set(menu.services.map((s) => s.id));
  const serviceIds: number[] = [];
  const extraServiceIds: Record<number, number[]> = {};
  for (const s of d.services) {
    if (!services.has(s.id)) {
      dropped.push(s.title);
      continue;
    }
    serviceIds.push(s.id);
    const list = menu.extraServices[s.id] ?? [];
    const kept: number[] = [];
    for (const e of d.extras[s.id] ?? []) {
      if (list.some((x) => x.id === e.id)) kept.push(e.id);
      else dropped.push(e.title);
    }
    if (kept.length) extraServiceIds[s.id] = kept;
  }
  return { serviceIds, extraServiceIds };
}

function restoreBarber(b: DraftItem | null, menu: Menu, dropped: string[]): number | null {
  if (!b) return null;
  if (menu.queues.some((q) => q.barber.id === b.id)) return b.id;
  dropped.push(b.title);
  return null;
}

/**
 * A draft against the shop's menu now: what still exists is kept, what does not is dropped and named (each title
 * once). Null for anything that is not a draft of this version.
 */
export function restoreDraft(raw: unknown, menu: Menu): Restored | null {
  if (!isDraft(raw)) return null;
  const dropped: string[] = [];
  const selection = restoreSelection(raw.selection, menu, dropped);
  const barberId = restoreBarber(raw.barber, menu, dropped);
  const companions = raw.companions.map((c) => ({
    name: c.name,
    selection: restoreSelection(c.selection, menu, dropped),
    barberId: restoreBarber(c.barber, menu, dropped),
  }));
  return { selection, barberId, companions, eta: raw.eta, dropped: [...new Set(dropped)] };
}

const isItem = (x: unknown): x is DraftItem =>
  typeof x === 'object' && x !== null && Number.isInteger((x as DraftItem).id) && typeof (x as DraftItem).title === 'string';

const isSelection = (x: unknown): x is DraftSelection =>
  typeof x === 'object' &&
  x !== null &&
  Array.isArray((x as DraftSelection).services) &&
  (x as DraftSelection).services.every(isItem) &&
  typeof (x as DraftSelection).extras === 'object' &&
  (x as DraftSelection).extras !== null &&
  Object.values((x as DraftSelection).extras).every((l) => Array.isArray(l) && l.every(isItem));

/** A stored value is a draft of this version (the phone's storage is read as untrusted). */
export function isDraft(x: unknown): x is Draft {
  if (typeof x !== 'object' || x === null) return false;
  const d = x as Draft;
  return (
    d.v === 1 &&
    Number.isInteger(d.shopId) &&
    isSelection(d.selection) &&
    (d.barber === null || isItem(d.barber)) &&
    Array.isArray(d.companions) &&
    d.companions.every((c) => typeof c?.name === 'string' && isSelection(c.selection) && (c.barber === null || isItem(c.barber))) &&
    (d.eta === null || d.eta === 'location' || (ETA_CHOICES as readonly unknown[]).includes(d.eta))
  );
}
