/**
 * The time screens render at: the device's clock, except while the server renders a page, which pins it to
 * the moment of its data (app/render.tsx), so clock-bound values (today's hours) match what the data says.
 */
let pinned: number | null = null;

export const clockNow = (): number => pinned ?? Date.now();

/** Pins the clock (null: the device's clock again); returns the previous pin. */
export function pinClock(at: number | null): number | null {
  const before = pinned;
  pinned = at;
  return before;
}
