/**
 * Markers that would cover each other's numbers: at a wide zoom two shops a few hundred metres apart sit on one
 * spot, and the later pill hid the earlier one's digits ("34" read "3"). Each pill is moved sideways just enough
 * to stand clear of the pills already placed; the marker's tap target stays on the shop.
 */

/** The pill's box above the marker's tip (px), as map.css draws it. */
export const PILL_HEIGHT = 24;
const PILL_GAP_ABOVE_TIP = 8;
const PILL_MIN_WIDTH = 34;
/** Width of one character of the pill's label and the pill's padding and border (px), a little generous. */
const CHAR_WIDTH = 9;
const PILL_CHROME = 20;
const STEP = 4;
const MAX_STEPS = 40;

export interface MarkerSpot {
  id: number;
  /** The marker's tip on the screen (px). */
  x: number;
  y: number;
  label: string;
}

export const pillWidth = (label: string): number => Math.max(PILL_MIN_WIDTH, label.length * CHAR_WIDTH + PILL_CHROME);

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const boxOf = (m: MarkerSpot, dx: number): Box => {
  const w = pillWidth(m.label);
  const bottom = m.y - PILL_GAP_ABOVE_TIP;
  return { left: m.x + dx - w / 2, right: m.x + dx + w / 2, top: bottom - PILL_HEIGHT, bottom };
};

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** How far (px) to move each marker's pill sideways so that no two pills overlap; 0 for a pill already clear. */
export function pillOffsets(markers: readonly MarkerSpot[]): Map<number, number> {
  const placed: Box[] = [];
  const offsets = new Map<number, number>();
  const order = [...markers].sort((a, b) => a.y - b.y || a.x - b.x || a.id - b.id);
  for (const m of order) {
    let chosen = 0;
    for (let step = 0; step <= MAX_STEPS * 2; step++) {
      // 0, +4, −4, +8, −8 … : the nearest free place on either side.
      const dx = step === 0 ? 0 : (step % 2 === 1 ? 1 : -1) * Math.ceil(step / 2) * STEP;
      const box = boxOf(m, dx);
      if (!placed.some((p) => overlaps(p, box))) {
        chosen = dx;
        break;
      }
    }
    placed.push(boxOf(m, chosen));
    offsets.set(m.id, chosen);
  }
  return offsets;
}
