/** What waits until the server's markup is the app's (lib/hydrated.ts `markup`). */
import { effect, untracked } from '@preact/signals-react';
import { markup } from './hydrated.ts';

/**
 * Runs `run` once the server's markup is the app's (at once when it is already): what would change the markup of a
 * part not hydrated yet waits for it. Returns the stop, which ends what `run` started.
 */
export function afterMarkup(run: () => (() => void) | undefined): () => void {
  let started = false;
  let stop: (() => void) | undefined;
  const dispose = effect(() => {
    if (started || markup.value) return;
    started = true;
    stop = untracked(run);
  });
  return () => {
    dispose();
    started = true;
    stop?.();
  };
}
