/**
 * Where the benches' processes run. On Linux with `taskset` and at least 2 cores, the server side (the server
 * processes, the hello-world) runs on core 0 and the load (autocannon, the paced loop, the stream clients) on
 * the others, so the kernel never puts a server and its load on one core: on this 2-core machine it sometimes
 * did, and the same build then measured 21k instead of 40k req/s. Anything else runs where the kernel puts it.
 * taskset replaces itself with the command, so a child's pid is the command's own.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const cores = availableParallelism();
const canPin = (() => {
  if (process.platform !== 'linux' || cores < 2 || process.env.BENCH_PIN === '0') return false;
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return true;
  } catch {
    return false;
  }
})();

/** The command and arguments that run `cmd args` on its side's cores. */
export function onCores(side: 'server' | 'load', cmd: string, args: string[]): [string, string[]] {
  if (!canPin) return [cmd, args];
  return ['taskset', ['-c', side === 'server' ? '0' : `1-${cores - 1}`, cmd, ...args]];
}

export const placement = canPin ? `server on core 0, load on cores 1-${cores - 1} (taskset)` : 'unpinned';

/** Moves this process (every thread of it) to the server's core: a bench that serves in-process. */
export function pinSelfToServerCore(): void {
  if (canPin) execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
}
