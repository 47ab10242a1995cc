/**
 * Flags that last for the tab's session (sessionStorage), so "once per session" survives a reload but not a
 * new visit. Memory stands in where sessionStorage is missing or blocked (private modes, tests).
 */
const memory = new Set<string>();

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // some browsers throw on access when storage is disabled
  }
}

export function hasSessionFlag(name: string): boolean {
  if (memory.has(name)) return true;
  try {
    return storage()?.getItem(name) === '1';
  } catch {
    return false;
  }
}

export function setSessionFlag(name: string): void {
  memory.add(name);
  try {
    storage()?.setItem(name, '1');
  } catch {
    // Quota or blocked storage: the memory copy still holds for this page's life.
  }
}

export function clearSessionFlag(name: string): void {
  memory.delete(name);
  try {
    storage()?.removeItem(name);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
