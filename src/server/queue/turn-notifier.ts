/**
 * The app's one turn notifier and its timer (the policy, what is due and to whom, is turns.ts's): checks run one
 * after another, so a shop is never checked twice at once; the timer looks at every shop with customer orders, since
 * waits also shrink with time alone.
 */
import type { SeenQueue, TurnNotice, TurnPart } from './turns.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

export interface TurnNotifier {
  /** Checks one shop soon, after whatever check is running, in the queue its change left if given; never throws. */
  kick(shopId: number, seen?: SeenQueue): void;
  /** Checks every shop with customer orders now, or those of one part of them. */
  checkAll(part?: TurnPart): Promise<TurnNotice[]>;
  /** Runs a notification task after whatever check is running; never throws. */
  enqueue(task: () => Promise<unknown>): void;
  /** Resolves when no kicked check is pending (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * The app's one notifier (built by build-deps.ts): checks run one after another, so a shop is never checked twice at
 * once. `check` looks at the given shops (all shops with customer orders without ids), in the queues seen when given.
 */
export function turnNotifier(
  check: (shopIds?: number[], seen?: SeenQueue[], part?: TurnPart) => Promise<TurnNotice[]>,
  log?: Log,
): TurnNotifier {
  let chain: Promise<unknown> = Promise.resolve();
  // Shops waiting for a check, with the latest queue a change handed over (null: read it).
  const queued = new Map<number, SeenQueue | null>();
  const run = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn);
    chain = next.catch((err) => log?.warn({ err }, 'turn check failed'));
    return next;
  };
  return {
    kick(shopId, seen) {
      // A shop already waiting for a check needs no second one: it looks at the later change's queue, or reads.
      if (queued.has(shopId)) {
        const waiting = queued.get(shopId) ?? null;
        queued.set(shopId, waiting && seen && seen.version > waiting.version ? seen : null);
        return;
      }
      queued.set(shopId, seen ?? null);
      void run(() => {
        const latest = queued.get(shopId) ?? null;
        queued.delete(shopId);
        return check([shopId], latest ? [latest] : []);
      }).catch(() => undefined);
    },
    checkAll: (part) => run(() => check(undefined, [], part)),
    enqueue(task) {
      void run(task).catch(() => undefined);
    },
    async idle() {
      let seen: Promise<unknown>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },
  };
}

/**
 * Checks every shop on a timer (waits shrink with time alone), once each `intervalMs`, one of `parts` parts at a
 * time evenly spread over it: a chain of a thousand shops is never read and planned all at once, which held up the
 * joins and the streams' frames behind it (docs/operations.md, capacity). A part still being checked when the next
 * is due is not queued twice: the late part waits for its next turn. Answers a function that stops it.
 */
export function startTurnTimer(turns: TurnNotifier, intervalMs: number, parts = 1): () => Promise<void> {
  let next = 0;
  let running = false;
  const timer = setInterval(
    () => {
      if (running) return;
      running = true;
      const part = { index: next, of: parts };
      next = (next + 1) % parts;
      void turns
        .checkAll(parts > 1 ? part : undefined)
        .catch(() => undefined)
        .finally(() => (running = false));
    },
    Math.max(1, Math.round(intervalMs / parts)),
  );
  return async () => {
    clearInterval(timer);
    await turns.idle();
  };
}
