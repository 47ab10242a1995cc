/**
 * Pure rules of a party (docs/decisions.md, "Parties and stepping out"): the companions a customer brings, each
 * with a name or label, his own services and extras (the per-person limits of lib/order.ts) and his own barber;
 * the POST's companions; and a receipt's rows grouped by person. The people of a tracked order are lib/tracking.ts's.
 */
import type { WireCompanionInput } from '../../shared/wire-order.ts';
import type { WireReceiptRow } from '../../shared/wire-account.ts';
import { EMPTY_SELECTION, isEmpty, orderItems, orderLines, orderTotals, type OrderLine, type Selection, type Totals } from './order.ts';
import type { Extra, Service } from './types.ts';

/** A companion's name or label: 1–30 characters after trimming, no control characters (the server's rule). */
export const NAME_MAX = 30;

export interface Companion {
  /** A key of this phone's making, for the list; never sent. */
  key: number;
  name: string;
  selection: Selection;
  /** His own barber, or null for anyone. */
  barberId: number | null;
}

export const newCompanion = (key: number): Companion => ({ key, name: '', selection: EMPTY_SELECTION, barberId: null });

export type NameError = 'required' | 'tooLong' | 'control';
export type CompanionError = NameError | 'noServices';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function nameError(name: string): NameError | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if ([...trimmed].length > NAME_MAX) return 'tooLong';
  if (CONTROL.test(trimmed)) return 'control';
  return null;
}

/** The first thing wrong with a companion: his name, else no services chosen. */
export function companionError(c: Companion): CompanionError | null {
  return nameError(c.name) ?? (isEmpty(c.selection) ? 'noServices' : null);
}

/** How many companions may come: partyMax people in all, the customer included; none without the setting. */
export function maxCompanions(partyMax: number | undefined): number {
  return typeof partyMax === 'number' && Number.isInteger(partyMax) && partyMax > 1 ? partyMax - 1 : 0;
}

type Menu = { services: readonly Service[]; extraServices: Readonly<Record<number, readonly Extra[]>> };

export const companionLines = (c: Companion, menu: Menu): OrderLine[] => orderLines(c.selection, menu.services, menu.extraServices);

/** The join's companions, in the order given: trimmed names, items as the order's own, barber or anyone. */
export function companionsBody(list: readonly Companion[], menu: Menu): WireCompanionInput[] {
  return list.map((c) => ({ name: c.name.trim(), items: orderItems(companionLines(c, menu)), barber_id: c.barberId }));
}

/** The party's totals: the customer's lines and every companion's. */
export function partyTotals(own: readonly OrderLine[], list: readonly Companion[], menu: Menu): Totals {
  return orderTotals([...own, ...list.flatMap((c) => companionLines(c, menu))]);
}

export interface PersonRows<R> {
  person: number;
  /** The companion's name; null for the customer himself, or once the account is gone. */
  name: string | null;
  rows: { row: R; index: number }[];
}

/**
 * A receipt's rows under each person, the customer first, each row with its index in the receipt (its VAT value is
 * read by index). One group, the customer's, when no row names another person.
 */
export function rowsByPerson<R extends Pick<WireReceiptRow, 'person' | 'person_name'>>(rows: readonly R[]): PersonRows<R>[] {
  const groups = new Map<number, PersonRows<R>>();
  rows.forEach((row, index) => {
    const person = typeof row.person === 'number' ? row.person : 0;
    const group = groups.get(person) ?? { person, name: null, rows: [] };
    if (person > 0 && row.person_name) group.name = row.person_name;
    group.rows.push({ row, index });
    groups.set(person, group);
  });
  return [...groups.values()].sort((a, b) => a.person - b.person);
}
