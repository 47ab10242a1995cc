/**
 * The stored recovery progress { countryCode, phone, date } and its boot-time restore. Kept
 * apart from state/recovery.ts so the first route loads only this, not the recovery form (which stores and checks it).
 */
import { signal } from '@preact/signals-react';
import { RECOVERY_CODE_VALID_MS } from '../../shared/constants.ts';
import { load, save } from '../services/storage.ts';
import { recoveryPending } from './recovery-flag.ts';

export interface RecoveryProgress {
  countryCode: string;
  phone: string;
  date: number;
}

export const progress = signal<RecoveryProgress | null>(null);
/** Step 2 is open: a code was sent less than an hour ago. */
export const tokenSent = signal(false);

/** A code is usable for an hour from sending; the same rule as isRecoveryFresh, inlined to stay light. */
export const fresh = (p: RecoveryProgress, now: number) =>
  Number.isFinite(p.date) && now >= p.date && now - p.date < RECOVERY_CODE_VALID_MS;

function isProgress(v: unknown): v is RecoveryProgress {
  const p = v as RecoveryProgress | null;
  return Boolean(p && typeof p.phone === 'string' && typeof p.date === 'number');
}

/** At boot: resume a fresh recovery (the entry gate then opens /recovery), forget a stale one. */
export async function restoreRecovery(now = Date.now()): Promise<void> {
  const stored = await load<unknown>('recovery');
  if (isProgress(stored) && fresh(stored, now)) {
    progress.value = stored;
    tokenSent.value = true;
    recoveryPending.value = true;
  } else {
    if (stored !== undefined) void save('recovery', null);
    progress.value = null;
    tokenSent.value = false;
    recoveryPending.value = false;
  }
}
