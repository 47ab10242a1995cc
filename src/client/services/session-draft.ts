/**
 * The order draft's place on the phone: the tab's session (sessionStorage), so it survives a reload and Back but
 * not a new visit. Memory stands in where sessionStorage is missing or blocked (private modes, tests).
 */
const KEY = 'orderDraft';
let memory: string | null = null;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // some browsers throw on access when storage is disabled
  }
}

/** The stored draft as parsed JSON (unchecked), or null. */
export function readDraft(): unknown {
  let text = memory;
  try {
    text = storage()?.getItem(KEY) ?? memory;
  } catch {
    // Blocked: the memory copy.
  }
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function writeDraft(draft: unknown): void {
  memory = JSON.stringify(draft);
  try {
    storage()?.setItem(KEY, memory);
  } catch {
    // Quota or blocked storage: the memory copy still holds for this page's life.
  }
}

export function clearDraft(): void {
  memory = null;
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
