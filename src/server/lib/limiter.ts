/**
 * At most `max` tasks at once; the rest wait in two lines, urgent ones first, each line in order. The streams use
 * it so that re-reading every topic when the minute moves never takes the whole database pool from requests, and
 * a change's re-read never waits behind the minute's.
 */
export type Limiter = <T>(urgent: boolean, task: () => Promise<T>) => Promise<T>;

export function limiter(max: number): Limiter {
  let running = 0;
  const urgent: (() => void)[] = [];
  const later: (() => void)[] = [];
  const next = () => {
    const go = urgent.shift() ?? later.shift();
    if (!go) return;
    running++;
    go();
  };
  return async (isUrgent, task) => {
    if (running < max) running++;
    else await new Promise<void>((go) => (isUrgent ? urgent : later).push(go));
    try {
      return await task();
    } finally {
      running--;
      next();
    }
  };
}
