/**
 * Wait-timer styling. The product's sources give two readings and both are kept:
 * - `timerClass` is the CSS class, a 5-step scale (60+, 30+, 15+, 5+, else 0); stylesheets key on it.
 * - `timerColour` is the hue family (0 green, under 30 yellow, 30–60 orange, over 60 red) for places that
 *   need a named colour (map markers, legends). They differ only at the edges: 1–4 min is wait-0 but
 *   yellow, and exactly 60 is wait-60 but orange. The class decides what the timer looks like.
 * Unknown waits (null) get the neutral base style; the screen shows a dash for them.
 */
export type TimerClass = 'wait-60' | 'wait-30' | 'wait-15' | 'wait-5' | 'wait-0';
export type TimerColour = 'green' | 'yellow' | 'orange' | 'red';

export function timerClass(minutes: number | null): TimerClass {
  if (minutes === null || !Number.isFinite(minutes)) return 'wait-0';
  if (minutes >= 60) return 'wait-60';
  if (minutes >= 30) return 'wait-30';
  if (minutes >= 15) return 'wait-15';
  if (minutes >= 5) return 'wait-5';
  return 'wait-0';
}

export function timerColour(minutes: number | null): TimerColour {
  if (minutes === null || !Number.isFinite(minutes) || minutes <= 0) return 'green';
  if (minutes < 30) return 'yellow';
  if (minutes <= 60) return 'orange';
  return 'red';
}
