/**
 * Whether the app has taken over the page. A page the server rendered is markup without handlers until it
 * hydrates, and a tap on it is lost: controls that change the order render disabled there and come alive once
 * the app has hydrated them. React does this itself: the server and the hydrating render take the server's
 * snapshot (false), and React renders again at once with the client's (true). A page the client renders itself
 * is live from its first render.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
