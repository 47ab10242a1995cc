/**
 * What every route and domain function may use, built once at start-up by build-deps.ts (server.ts and the
 * test harness both call it); tests pass their own clock and fake providers through its overrides.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Keys } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { PushSender } from './notify/push.ts';
import type { BudgetedSms } from './notify/sms-budget.ts';
import type { QueueChanges } from './live/changes.ts';
import type { TurnNotifier } from './queue/turn-notifier.ts';

export interface Deps {
  config: Config;
  db: Db;
  /** Epoch milliseconds; tests freeze or move it. */
  now: () => number;
  /** The process's one logger: Fastify logs through it too (loggerInstance). */
  log: FastifyBaseLogger;
  /** The SMS sender SMS_PROVIDER configures, within the per-phone budget; the dev outbox route and the code sender share it. */
  sms: BudgetedSms;
  /** The push sender the FCM settings configure; null: push off. */
  push: PushSender | null;
  /** Sends the turn and end-of-order notifications, one check after another. */
  turns: TurnNotifier;
  /** The access-token and SMS-code keys, read (or created) once from JWT_SECRET or the database. */
  keys: Keys;
  /** Queue change announcements of every process (live/changes.ts): the answer cache and the streams follow them. */
  changes: QueueChanges;
}
