/**
 * The people who come with the customer (docs/decisions.md, "Parties and stepping out"): on the review step he adds
 * up to partyMax − 1 companions (config.json), each with a name or label, his own services and extras from the same
 * menu (the per-person limits of lib/order.ts) and his own barber or anyone; removable until the order is sent.
 * Errors show once he has tried to send (or left the name field).
 */
import { batch, computed, signal } from '@preact/signals-react';
import * as party from '../lib/party.ts';
import * as rules from '../lib/order.ts';
import type { Service } from '../lib/types.ts';
import { config } from './config.ts';
import { shop } from './shops.ts';

export const companions = signal<party.Companion[]>([]);
/** Companions whose errors show: touched names, or all once a send was tried. */
export const touched = signal<ReadonlySet<number>>(new Set());
export const showAll = signal(false);

let nextKey = 1;

export const maxCompanions = computed(() => party.maxCompanions(config.value.partyMax));
export const canAdd = computed(() => companions.value.length < maxCompanions.value);

const menu = () => shop.peek() ?? { services: [], extraServices: {} };

export const companionLines = computed(() => {
  const m = shop.value ?? { services: [], extraServices: {} };
  return companions.value.map((c) => party.companionLines(c, m));
});

/** The first companion with something wrong, or null when all are ready. */
export const firstInvalid = computed(() => companions.value.find((c) => party.companionError(c) !== null) ?? null);

export function errorOf(c: party.Companion): party.CompanionError | null {
  return showAll.value || touched.value.has(c.key) ? party.companionError(c) : null;
}

export function addCompanion(): number | null {
  if (!canAdd.peek()) return null;
  const c = party.newCompanion(nextKey++);
  companions.value = [...companions.peek(), c];
  return c.key;
}

export function removeCompanion(key: number) {
  companions.value = companions.peek().filter((c) => c.key !== key);
}

function update(key: number, change: (c: party.Companion) => party.Companion) {
  companions.value = companions.peek().map((c) => (c.key === key ? change(c) : c));
}

export const setName = (key: number, name: string) => update(key, (c) => ({ ...c, name }));
export const touchName = (key: number) => {
  touched.value = new Set([...touched.peek(), key]);
};
export const setBarber = (key: number, barberId: number | null) => update(key, (c) => ({ ...c, barberId }));

export const toggleService = (key: number, serviceId: number) =>
  update(key, (c) => ({ ...c, selection: rules.toggleService(c.selection, serviceId) }));

export function toggleExtra(key: number, service: Pick<Service, 'id' | 'multiple'>, extraId: number) {
  const extras = shop.peek()?.extraServices[service.id] ?? [];
  update(key, (c) => ({ ...c, selection: rules.toggleExtra(c.selection, service, extraId, extras) }));
}

/** Before sending: every error shows; true when the companions are ready to go. */
export function validate(): boolean {
  showAll.value = true;
  return firstInvalid.peek() === null;
}

/** The POST's companions; absent for a customer who comes alone. */
export function companionsBody() {
  const list = companions.peek();
  return list.length ? party.companionsBody(list, menu()) : undefined;
}

/** The companions of a draft read again (state/draft.ts), each with a new key. */
export function restoreParty(list: readonly Omit<party.Companion, 'key'>[]) {
  companions.value = list.map((c) => ({ ...c, key: nextKey++ }));
}

export function resetParty() {
  batch(() => {
    companions.value = [];
    touched.value = new Set();
    showAll.value = false;
  });
}
