/**
 * Pure shaping of a shop's detail for its page: the week's opening hours with
 * weekday names, and the menu as sections (group → services → extras), all in `order`.
 */
import type { WireOpenTime } from '../../shared/wire.ts';
import type { Language } from '../../shared/locales.ts';
import { formatted } from './known-formats.ts';
import type { Extra, Service, ServiceGroup } from './types.ts';

/** BCP 47 tags for weekday names in the UI language ('ee' is the app's code for Estonian, Intl's 'et'). */
const INTL_OF_LANGUAGE: Record<Language, string> = {
  fi: 'fi-FI',
  en: 'en-GB',
  ee: 'et-EE',
  no: 'nb-NO',
  sv: 'sv-SE',
  dk: 'da-DK',
  de: 'de-DE',
};

export const intlOfLanguage = (language: Language): string => INTL_OF_LANGUAGE[language] ?? 'fi-FI';

export interface DayHours {
  weekday: number; // 1 = Monday … 7 = Sunday
  name: string;
  hours: { open: string; close: string } | null;
}

/** Monday to Sunday, each with its hours or null when the shop does not open that day. */
export function weekHours(openTimes: readonly WireOpenTime[], language: Language): DayHours[] {
  let format: Intl.DateTimeFormat | undefined;
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    // 1 January 2024 was a Monday, so day n of that week names ISO weekday n.
    const name = formatted(`W${language}${weekday}`, () => {
      format ??= new Intl.DateTimeFormat(intlOfLanguage(language), { weekday: 'long', timeZone: 'UTC' });
      return format.format(new Date(Date.UTC(2024, 0, weekday, 12)));
    });
    const t = openTimes.find((o) => o.weekday === weekday);
    return { weekday, name, hours: t ? { open: t.open, close: t.close } : null };
  });
}

export interface MenuItem {
  service: Service;
  extras: Extra[];
}

export interface MenuSection {
  group: ServiceGroup;
  items: MenuItem[];
  /** Groups whose parentId points at this group, shown inside it. */
  subgroups: MenuSection[];
}

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/**
 * Top-level sections (no parent, or a parent that is not in the list) in order, each with its services in
 * order and its extras; sections with nothing to show are dropped so no chip leads to an empty group.
 */
export function menuSections(
  groups: readonly ServiceGroup[],
  services: readonly Service[],
  extras: Readonly<Record<number, readonly Extra[]>>,
): MenuSection[] {
  const ids = new Set(groups.map((g) => g.id));
  const build = (group: ServiceGroup, seen: Set<number>): MenuSection => {
    const next = new Set(seen).add(group.id);
    return {
      group,
      items: services
        .filter((s) => s.groupId === group.id)
        .sort(byOrder)
        .map((service) => ({ service, extras: [...(extras[service.id] ?? [])].sort(byOrder) })),
      // `seen` guards against a parent cycle in bad data.
      subgroups: groups
        .filter((g) => g.parentId === group.id && !next.has(g.id))
        .sort(byOrder)
        .map((g) => build(g, next))
        .filter(hasContent),
    };
  };
  return groups
    .filter((g) => g.parentId === null || !ids.has(g.parentId))
    .sort(byOrder)
    .map((g) => build(g, new Set()))
    .filter(hasContent);
}

function hasContent(s: MenuSection): boolean {
  return s.items.length > 0 || s.subgroups.length > 0;
}

/** "Mikko K." → "MK": up to two letters for a barber without a photo. */
export function nameInitials(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((w) => [...w.replace(/[^\p{L}]/gu, '')][0] ?? '')
    .filter(Boolean);
  return (letters.slice(0, 2).join('') || '?').toLocaleUpperCase();
}

/**
 * A shop's floor as a level when the chain's data says only that ('2', '2nd floor', '2.'), so the page names it in
 * the customer's language; any other text (a landmark, a wing) is null and shown as written.
 */
export function floorLevel(floor: string): number | null {
  const m = /^\s*(\d{1,3})\s*(?:\.|st|nd|rd|th)?\s*(?:floor)?\s*$/i.exec(floor);
  const level = m ? Number(m[1]) : 0;
  return level > 0 ? level : null;
}
