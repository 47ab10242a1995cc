/**
 * Builds every service once, at start-up: the logger, SMS, push, the token keys and the turn notifier. server.ts
 * and the test harness both call buildDeps; tests replace a provider through `overrides` (a fake SMS or push).
 */
import type { FastifyBaseLogger } from 'fastify';
import { makeLogger, makeRawLogger } from './ops/log.ts';
import { loadKeys } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { Deps } from './deps.ts';
import { pushFromConfig } from './notify/push.ts';
import { smsFromConfig, type SmsProvider } from './notify/sms.ts';
import { budgetedSms } from './notify/sms-budget.ts';
import { queueChanges } from './live/changes.ts';
import { countedPush, countedSms, measuredDb } from './ops/metrics.ts';
import { checkTurns } from './queue/turns.ts';
import { turnNotifier } from './queue/turn-notifier.ts';

export { makeLogger } from './ops/log.ts';

export async function buildDeps(
  /** log: the redacting logger (ops/log.ts); smsLog: the `log` SMS provider's own, unredacted (default: stdout). */
  base: { config: Config; db: Db; now: () => number; log?: FastifyBaseLogger; smsLog?: FastifyBaseLogger },
  overrides: { sms?: SmsProvider; push?: Deps['push'] } = {},
): Promise<Deps> {
  const { config, now } = base;
  // Every statement timed and its failures counted (ops/metrics.ts).
  const db = measuredDb(base.db);
  const log = base.log ?? makeLogger(config);
  const changes = queueChanges(db, {
    databaseUrl: config.listenDatabaseUrl,
    log,
    timing: { heartbeatMs: config.listenHeartbeatMs, deadlineMs: config.listenDeadlineMs },
  });
  // The first LISTEN is in place before anything is served (or failed: the cache stands aside until it is).
  await changes.ready;
  const deps: Deps = {
    config,
    db,
    now,
    log,
    // Every SMS of every kind counts against the number's budget, in the database (notify/sms-budget.ts).
    sms: budgetedSms(
      countedSms(overrides.sms ?? smsFromConfig(config, base.smsLog ?? makeRawLogger(config), now)),
      db,
      now,
      config.limits.smsPhone,
    ),
    push: countedPush(overrides.push !== undefined ? overrides.push : pushFromConfig(config.fcm, now)),
    keys: await loadKeys(db, config),
    // The notifier's checks read deps (providers, clock) only when they run, after deps is complete.
    turns: turnNotifier((shopIds, seen, part) => checkTurns(deps, shopIds, seen, part), log),
    changes,
  };
  return deps;
}
