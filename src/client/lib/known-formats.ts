/**
 * The strings a page's formats made, by format and input, and the order of the names its list sorts. A phone's first
 * Intl formatter or collator costs it tens of milliseconds (ICU loads its data) and hydrating a rendered page would
 * pay that before the first tap, so the server carries every string its render formatted and the collation order of
 * the shops' names (PageData.formats) and hydration reads them here. Docs: docs/decisions.md, "Formats the page
 * carries".
 */
const known = new Map<string, string>();
/** The server's render collecting what it formats; null elsewhere. */
let seen: Record<string, string> | null = null;

/** `make()`'s string, or the one the page carried for the same key (the format, its options and its input). */
export function formatted(key: string, make: () => string): string {
  let out = known.get(key);
  if (out === undefined) {
    out = make();
    if (seen) seen[key] = out;
  }
  return out;
}

/** The client: takes the strings a rendered page carried. */
export function knowFormats(formats: Record<string, string> | undefined): void {
  for (const key in formats) known.set(key, formats[key]);
}

/** The server: collects what a render formats until the returned function is called, which gives them. */
export function recordFormats(): () => Record<string, string> {
  const before = seen;
  const mine: Record<string, string> = {};
  seen = mine;
  return () => {
    seen = before;
    return mine;
  };
}

/** The key of the names' order in a collation (lib/distance.ts `collationOrder`). */
export const orderKey = (intl: string) => `c${intl}`;

/** The names in the order the page carried for the collation of `intl`, one a line. */
export const knownOrder = (intl: string): string[] | undefined => known.get(orderKey(intl))?.split('\n');

/** The key of the weekday in a time zone, whose value is "day from to" (from ≤ now < to, ms since the epoch). */
export const weekdayKey = (timeZone: string) => `w${timeZone}`;

/** The ISO weekday in `timeZone` at `at` when the page carried it for that moment, else 0. */
export function knownWeekday(timeZone: string, at: number): number {
  const [day, from, to] = (known.get(weekdayKey(timeZone)) ?? '').split(' ').map(Number);
  return at >= from && at < to ? day : 0;
}
