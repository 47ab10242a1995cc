/**
 * DATA_DIR/pglite.lock: one process owns an embedded database. The file records the owner's PID and its start
 * time (field 22 of /proc/<pid>/stat), so a PID the kernel has since given to another process does not hold
 * the directory for good, and a killed owner that is still a zombie (not yet reaped) counts as gone.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when another live process already holds the data directory. */
export class DataDirLockedError extends Error {}

interface Owner {
  pid: number;
  /** Start time in clock ticks since boot; null where /proc is missing or for a lock of an older version. */
  start: number | null;
}

/** State and start time of a process from /proc, or null when /proc has no such process (or no /proc). */
function procStat(pid: number): { state: string; start: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], start: Number(fields[19]) };
  } catch {
    return null;
  }
}

const hasProc = (() => {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
})();

function alive(owner: Owner): boolean {
  if (hasProc) {
    const stat = procStat(owner.pid);
    if (!stat || stat.state === 'Z' || stat.state === 'X') return false; // gone, or dead and not yet reaped
    return owner.start === null || stat.start === owner.start; // another start time: the PID was reused
  }
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): Owner | null {
  const text = readFileSync(file, 'utf8').trim();
  // Older versions wrote the bare PID.
  const m = /^(\d+)(?:\s+(\d+))?$/.exec(text);
  return m ? { pid: Number(m[1]), start: m[2] === undefined ? null : Number(m[2]) } : null;
}

/**
 * Takes DATA_DIR/pglite.lock (O_EXCL); a lock of a dead, zombie or reused-PID owner is taken over. A live
 * owner is asked again a few times (`retries` × `retryMs`): a server restarted right after its predecessor
 * stopped may find it still exiting.
 */
export async function lockDataDir(dir: string, opts: { retries?: number; retryMs?: number } = {}): Promise<() => void> {
  const file = join(dir, 'pglite.lock');
  const me = `${process.pid} ${procStat(process.pid)?.start ?? ''}`.trim();
  const retries = opts.retries ?? 10;
  let holder: Owner | null = null;
  for (let attempt = 0; attempt <= retries + 1; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, me);
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      holder = readOwner(file);
      if (holder && holder.pid !== process.pid && alive(holder)) {
        if (attempt >= retries) break;
        await new Promise((r) => setTimeout(r, opts.retryMs ?? 100));
        continue;
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(
    holder
      ? `The data directory ${dir} is in use by another server process (pid ${holder.pid}). ` +
          `Stop it, or start this one with another DATA_DIR, or use DATABASE_URL for several processes.`
      : `Could not lock the data directory ${dir}`,
  );
}
