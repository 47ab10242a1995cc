/** What every route and domain function may use; tests pass their own clock and providers. */
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { PushSender } from './notify/push.ts';
import type { SmsProvider } from './notify/sms.ts';

export interface Deps {
  config: Config;
  db: Db;
  /** Epoch milliseconds; tests freeze or move it. */
  now: () => number;
  /** SMS sender; when absent, the one SMS_PROVIDER configures (notify/sms.ts smsOf). */
  sms?: SmsProvider;
  /** Push sender; when absent, the one the FCM settings configure (notify/push.ts pushOf); null: push off. */
  push?: PushSender | null;
}
