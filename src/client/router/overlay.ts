/**
 * Layers over a screen with a history entry of their own (router/history.ts's `overlay`): the order review. Not in
 * the first route's script: only the screens that open a layer load this.
 */
import { overlay, pushHere } from './history.ts';

/** The layer an entry's state names, or null. */
const stateOverlay = (state: unknown) => (state as { overlay?: string } | null)?.overlay ?? null;

/** Opens `name` over the current screen: an entry of its own at the same address. */
export function openOverlay(name: string) {
  if (overlay.peek() === name) return;
  pushHere({ overlay: name });
  overlay.value = name;
}

/** Closes `name` as Back would (the entry it opened is left); nothing when it is not the open one. */
export function closeOverlay(name: string) {
  if (overlay.peek() !== name) return;
  overlay.value = null;
  if (stateOverlay(history.state) === name) history.back();
}

/** Whether the current entry is `name`'s (a reload keeps the entry's state): the layer is open again. */
export function reopenedOverlay(name: string): boolean {
  if (stateOverlay(history.state) !== name) return false;
  overlay.value = name;
  return true;
}

/** Forgets `name` on the current entry without moving (a reload found it but the layer cannot open). */
export function dropOverlay(name: string) {
  if (overlay.peek() === name) overlay.value = null;
  const state = history.state as { index?: number } | null;
  if (stateOverlay(state) === name) history.replaceState({ index: state?.index ?? 0 }, '');
}
