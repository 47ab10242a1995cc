/**
 * Whether the app has taken over the page. A page the server rendered is markup without handlers until it
 * hydrates: controls that change the order render not ready there (disabled, or a service toggle marked not ready
 * whose tap is kept for it, docs/decisions.md "Taps before the app") and come alive once the app has hydrated them. The server's render and the client's hydration say so (`serverMarkup`), and both render
 * such a control disabled; it comes alive in a transition, which React renders in slices in a task of its own rather
 * than inside hydration's effects. The screen's error boundary ends the mark once it has mounted (app/ErrorBoundary.tsx):
 * the screen's content hydrates after the app's shell has committed (a Suspense boundary), so the shell's own effects
 * are too early to end it. A screen that hydrates in parts (the shop page, screens/Shop/parts.tsx) stays marked until
 * its last part has hydrated. A page the client renders itself is live from its first render.
 */
import { signal } from '@preact/signals-react';
import { startTransition, useEffect, useState } from 'react';

/**
 * While the server's markup is rendered or hydrated, the parts of a screen that hydrates in parts included. The
 * shops' waits are then shown for no one (state/session.ts): the server rendered them so, and the phone's login (its
 * membership) comes in before the screen's part of the page has hydrated.
 */
export const markup = signal(false);
let screen = false;
let parts = 0;

/** The server's render and the client's hydration say when they start (true) and end (false). */
export function serverMarkup(on: boolean): void {
  screen = on;
  markup.value = on || parts > 0;
}

/** How many parts of the screen are still server markup (0 once they have all hydrated, or the screen was left). */
export function markupParts(left: number): void {
  parts = left;
  markup.value = screen || left > 0;
}

export function useHydrated(): boolean {
  const [live, setLive] = useState(!markup.peek());
  useEffect(() => {
    if (!live) startTransition(() => setLive(true));
  }, [live]);
  return live;
}
