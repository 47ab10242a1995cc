/**
 * The customer's own data (GDPR): the export of everything kept about them (articles 15 and 20) and the deletion
 * of the account (article 17). Receipts stay for bookkeeping without the person (migration 009).
 */
import { DEFAULT_LANGUAGE, type Locale } from '../../shared/locales.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { assertCurrentPassword } from '../auth/current-password.ts';
import { forget } from '../auth/throttle.ts';
import type { Deps } from '../deps.ts';
import { unauthorized } from '../lib/http-error.ts';
import type { Body } from '../input/body.ts';
import { changeOrder } from '../queue/orders.ts';
import { accountDates, deleteAccountData, messagesForExport, ordersForExport, teaserSignupsOf } from '../repos/account-data.ts';
import { listBenefits } from '../repos/benefits.ts';
import { openOrderId } from '../repos/customers.ts';
import { orderById } from '../repos/orders.ts';
import { cancelParty } from '../repos/parties.ts';
import { listReceipts } from '../repos/receipts.ts';
import { customerProfile } from './customers.ts';

/** One JSON document with everything the service keeps about the customer. */
export async function exportAccount(deps: Deps, customerId: number, locale: Locale) {
  const profile = await customerProfile(deps, customerId);
  const dates = await accountDates(deps.db, customerId);
  if (!dates) throw unauthorized(WIRE_ERRORS.userNotFound);
  return {
    format: 'walk-in-barbers account export v1',
    exported_at: new Date(deps.now()).toISOString(),
    locale,
    profile: { ...profile, created_at: dates.created_at, password_changed_at: dates.password_changed_at },
    consents: {
      terms_accepted_at: dates.terms_accepted_at,
      allow_email: profile.allow_email,
      allow_sms: profile.allow_sms,
      push: profile.fcm_token !== null,
      bonus_teaser: await teaserSignupsOf(deps.db, customerId, profile.email),
    },
    orders: await ordersForExport(deps.db, customerId),
    // In the customer's own language, as the app shows them.
    receipts: await listReceipts(deps.db, customerId, profile.language ?? DEFAULT_LANGUAGE),
    messages: await messagesForExport(deps.db, customerId),
    benefits: await listBenefits(deps.db, customerId, deps.now()),
    bonus: profile.bonus ? { amount: profile.bonus.amount, expirationDate: profile.bonus.expirationDate } : null,
  };
}

/**
 * DELETE /customers/{id}/ {password}: a wrong password changes nothing. Then a waiting order leaves the queue
 * (the shop's queue is recalculated as for any leave), and the account row goes with its sessions, push token,
 * personal data and teaser sign-ups. An order already in the chair stays, anonymous, for the barber to finish.
 */
export async function deleteAccount(deps: Deps, customerId: number, body: Body): Promise<{ ok: true }> {
  const me = await assertCurrentPassword(deps, customerId, body.password);
  const open = await openOrderId(deps.db, customerId);
  const order = open === null ? null : await orderById(deps.db, open);
  if (order) {
    // With his companions still waiting (docs/decisions.md, "Parties and stepping out").
    await changeOrder(deps, order, (tx, o) => cancelParty(tx, o.id, deps.now()));
  }
  await deps.db.transaction((tx) => deleteAccountData(tx, customerId, me.email));
  // Kept reads of his orders (live/order-cache.ts) go too, in every process: his token reads nothing more.
  await deps.changes.announceEverything();
  // Rate-limit keys name the phone and the id: nothing of the person stays behind.
  await forget(deps.db, 'loginPhone', me.phone);
  await forget(deps.db, 'codePhone', me.phone);
  await forget(deps.db, 'passwordCustomer', String(customerId));
  return { ok: true };
}
