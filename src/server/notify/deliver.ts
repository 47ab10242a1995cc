/**
 * Every notification to a customer goes through `deliver`: claim the (order, kind, channel) in the database so it
 * goes out at most once whichever process looks, send it by push or SMS, forget a push token FCM calls dead, and
 * settle the claim with the outcome (a failure is recorded, not retried).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import type { PushSender } from './push.ts';
import type { BudgetedSms } from './sms-budget.ts';
import { serverText, textLanguage } from './texts.ts';
import { stopLink, type StopLinkDeps } from './sms-stop.ts';
import { claimNotice, forgetPushToken, settleNotice, type ContactRow, type NoticeChannel, type NoticeKind } from '../repos/notices.ts';

/** What a delivery uses of the app's services: a slice of Deps, so the notifiers below deps.ts never import it. */
export interface DeliverDeps extends StopLinkDeps {
  db: Db;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  push: PushSender | null;
  sms: Pick<BudgetedSms, 'send'>;
}

export type DeliveryOutcome = 'sent' | 'unregistered' | 'failed';

export interface Notice {
  orderId: number;
  kind: NoticeKind;
  channel: NoticeChannel;
  contact: Pick<ContactRow, 'id' | 'phone' | 'fcmToken' | 'language' | 'phoneProven'>;
  text: { title: string; body: string };
  /** Push only: the data FCM hands the app, and the page a tap opens. */
  data: Record<string, string>;
  link: string;
  /** A kind this notice makes pointless, claimed with it (a 'now' first means no 'near' after it). */
  supersedes?: NoticeKind;
  /** Sent only while the order is waiting or in service (turn alerts): checked by the claim itself. */
  whileOpen?: boolean;
}

/**
 * Whether alerts may go to the customer's phone by SMS: he allows them, the number is proven (a code sent to it was
 * typed back; docs/decisions.md, "A phone is proven before it is texted"), and its owner has not stopped them.
 */
export const smsAllowed = (c: Pick<ContactRow, 'allowSms' | 'phoneProven' | 'smsStopped'>): boolean =>
  c.allowSms && c.phoneProven && !c.smsStopped;

/** Sends the notice unless it was claimed before (null); answers how it went. */
export async function deliver(deps: DeliverDeps, n: Notice): Promise<DeliveryOutcome | null> {
  const now = deps.now();
  // The last guard, whoever called: nothing but a code goes to a number nobody proved (not even claimed, so the
  // alert can still go once the number is proven).
  if (n.channel === 'sms' && !n.contact.phoneProven) return null;
  const claimed = await claimNotice(deps.db, n.orderId, n.kind, n.channel, now, null, n.whileOpen);
  if (n.supersedes) await claimNotice(deps.db, n.orderId, n.supersedes, n.channel, now, `superseded by ${n.kind}`);
  if (!claimed) return null;
  let outcome: DeliveryOutcome = 'sent';
  let error: string | null = null;
  try {
    if (n.channel === 'push') {
      if (!deps.push || !n.contact.fcmToken) throw new Error('push is off or the customer has no push token');
      outcome = await deps.push.send({ token: n.contact.fcmToken, ...n.text, data: n.data, link: n.link });
      if (outcome === 'unregistered') {
        error = 'token unregistered';
        await forgetPushToken(deps.db, n.contact.id, n.contact.fcmToken);
      }
    } else {
      // The body alone (it says all the title does), and every alert SMS says how to stop them; deps.sms keeps the
      // per-phone budget.
      const language = textLanguage(n.contact.language);
      const stop = serverText('server.sms.stop', language, { link: stopLink(deps, n.contact.phone, language) });
      await deps.sms.send(n.contact.phone, `${n.text.body}\n${stop}`);
    }
  } catch (err) {
    outcome = 'failed';
    error = (err as Error).message.slice(0, 500);
    deps.log.warn({ err, orderId: n.orderId, kind: n.kind, channel: n.channel }, 'notification failed');
  }
  await settleNotice(deps.db, n.orderId, n.kind, n.channel, now, error);
  return outcome;
}
