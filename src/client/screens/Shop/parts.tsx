/**
 * The shop page hydrates in parts (docs/decisions.md, "The shop page hydrates in parts"). Its top (the header, the
 * name and hours, the wait, the notices) hydrates with the screen; the barbers, the services and the map are parts of
 * their own, each a Suspense boundary behind a gate, so each hydrates and commits in tasks of its own: those in view
 * (or holding a tap noted before the app started) first, one after another, then the rest one at a time when the
 * phone is idle or as one comes near the view. A tap or a key on a part not hydrated yet opens its gate at once:
 * React hydrates it before the event reaches its control, and the parts left follow without waiting for idle.
 * Until the last part has hydrated the page is still the server's markup (lib/hydrated.ts `markup`), and what would
 * change a part's markup waits for it (the shop's live frames, the draft, a member's waits): each part hydrates
 * against what the server rendered. A part never takes props from the screen, so nothing updates it while it waits.
 */
import { type ComponentType, memo, Suspense, use, useEffect, type ReactNode } from 'react';
import { earlyTaps } from '../../components/early-taps.ts';
import { markup, markupParts } from '../../lib/hydrated.ts';

interface Gate {
  name: string;
  open: boolean;
  done: boolean;
  /** In or near the view, or asked for: goes before the rest, without waiting for idle. */
  soon: boolean;
  promise: Promise<void>;
  go: () => void;
}

/** The gates of the page being hydrated, in page order; null when nothing is (a page rendered here is live). */
let gates: Gate[] | null = null;
let next: { cancel(): void } | null = null;
let observer: IntersectionObserver | null = null;

const gateOf = (name: string | undefined) => gates?.find((g) => g.name === name);

function left() {
  return gates?.filter((g) => !g.done).length ?? 0;
}

function open(g: Gate) {
  g.open = true;
  g.go();
}

/** A task after this one, or the next idle period (at most 1 s away). */
function later(soon: boolean, run: () => void): { cancel(): void } {
  if (!soon && typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return { cancel: () => cancelIdleCallback(id) };
  }
  const id = setTimeout(run, soon ? 0 : 50);
  return { cancel: () => clearTimeout(id) };
}

/** Opens the next gate once the part opened last has hydrated: one part per commit. */
function pump() {
  if (!gates || gates.some((g) => g.open && !g.done)) return;
  const pick = () => gates?.find((g) => !g.open && g.soon) ?? gates?.find((g) => !g.open);
  const first = pick();
  if (!first) return;
  next?.cancel();
  next = later(first.soon, () => {
    next = null;
    const g = pick();
    if (g && !gates?.some((o) => o.open && !o.done)) open(g);
  });
}

/** Everything a gate waits for is given up: the page was left, or every part has hydrated. */
function end() {
  next?.cancel();
  next = null;
  observer?.disconnect();
  observer = null;
  for (const g of gates ?? []) if (!g.open) open(g);
  for (const g of gates ?? []) g.done = true;
  markupParts(0);
}

// A tap or key on a part still waiting opens its gate before React, listening on the app's root, sees the event.
if (typeof window !== 'undefined')
  for (const type of ['touchstart', 'pointerdown', 'mousedown', 'click', 'keydown', 'focusin', 'input'])
    addEventListener(
      type,
      (e) => {
        const g = gateOf((e.target as Element | null)?.closest?.<HTMLElement>('[data-part]')?.dataset.part);
        if (!g || g.open) return;
        for (const o of gates ?? []) o.soon = true;
        open(g);
      },
      { capture: true, passive: true },
    );

/**
 * Called by the screen as it renders its content: when that is the server's markup being hydrated, the parts
 * `names` (in page order) wait behind their gates. Once per page load: only the first screen is hydrated.
 */
export function hydrateInParts(names: readonly string[]): void {
  if (gates || typeof document === 'undefined' || !markup.peek()) return;
  gates = names.map((name) => {
    let go = () => {};
    const promise = new Promise<void>((r) => (go = r));
    return { name, open: false, done: false, soon: false, promise, go };
  });
  markupParts(gates.length);
}

/** The screen's top has hydrated: the parts follow. Returns the stop (leaving the page ends the wait). */
export function startParts(): () => void {
  if (!gates || left() === 0) return () => {};
  // A part holding a tap noted before the app started (components/early-taps.ts) is wanted first.
  for (const key of earlyTaps()) {
    const part = document.querySelector(`[data-tap="${CSS.escape(key)}"]`)?.closest<HTMLElement>('[data-part]');
    const g = gateOf(part?.dataset.part);
    if (g) g.soon = true;
  }
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const g = e.isIntersecting && gateOf((e.target as HTMLElement).dataset.part);
          if (g) g.soon = true;
        }
        pump();
      },
      { rootMargin: '50% 0px' },
    );
    for (const el of document.querySelectorAll('[data-part]')) observer.observe(el);
  }
  pump();
  return end;
}

function Gated({ name, children }: { name: string; children: ReactNode }) {
  const g = gateOf(name);
  // The hook before the gate: React replays a component whose promise settled meanwhile, and that replay may skip
  // the gate, so nothing may come after it but what it guards (else React's "Update hook called on initial render").
  useEffect(() => {
    if (!g || g.done) return;
    g.done = true;
    if (left() === 0) end();
    else {
      markupParts(left());
      pump();
    }
  }, [g]);
  if (g && !g.open) use(g.promise);
  return children;
}

/**
 * A part of the page: its own Suspense boundary, hydrated on its own. `content` takes no props (it reads what it
 * shows itself), and memo keeps the screen's renders from reaching the part.
 */
export const Part = memo(function Part({ name, content: Content }: { name: string; content: ComponentType }) {
  return (
    <div className="shop-part" data-part={name}>
      <Suspense fallback={null}>
        <Gated name={name}>
          <Content />
        </Gated>
      </Suspense>
    </div>
  );
});
