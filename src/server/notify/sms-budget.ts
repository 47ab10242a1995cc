/**
 * The per-phone SMS budget: every SMS of every kind (recovery codes, turn alerts, any later
 * kind) to one number counts in the database (repos/limits.ts), so the budget holds across every process. Over
 * it, send rejects and nothing leaves. build-deps.ts wraps whichever provider SMS_PROVIDER configures.
 */
import { sms } from '../ops/metrics.ts';
import type { Queryable } from '../db/db.ts';
import { hit } from '../repos/limits.ts';
import type { SmsProvider } from './sms.ts';

const DAY = 24 * 3_600_000;

export class SmsBudgetSpent extends Error {}

export interface BudgetedSms extends SmsProvider {
  /** Counts one SMS to the number; false when its budget is spent (then nothing may be sent to it). */
  take(to: string): Promise<boolean>;
  /** Sends an SMS that take has counted already (a caller that must count before it answers: recovery codes). */
  sendTaken(to: string, text: string): Promise<void>;
}

export function budgetedSms(inner: SmsProvider, db: Queryable, now: () => number, perPhonePerDay: number): BudgetedSms {
  // Counted before sending, so parallel senders in several processes cannot all pass the last free slot.
  const take = async (to: string) => {
    const ok = (await hit(db, `smsPhone:${to}`, now(), DAY)).count <= perPhonePerDay;
    if (!ok) sms.inc({ outcome: 'refused', reason: 'budget' });
    return ok;
  };
  return {
    name: inner.name,
    outbox: () => inner.outbox(),
    take,
    sendTaken: (to, text) => inner.send(to, text),
    async send(to, text) {
      if (!(await take(to))) throw new SmsBudgetSpent(`SMS budget spent: ${perPhonePerDay} per phone in 24 hours`);
      await inner.send(to, text);
    },
  };
}
