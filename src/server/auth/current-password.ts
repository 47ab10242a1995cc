/**
 * Calls that change who owns the account (change phone, delete the account) first ask for the current password:
 * a stolen access token alone must not be enough. Wrong guesses count against the same per-customer limit as the
 * password change, so the three calls together cannot brute-force it.
 */
import { MAX_PASSWORD_LENGTH } from '../../shared/constants.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { Deps } from '../deps.ts';
import { badRequest, unauthorized } from '../lib/http-error.ts';
import { customerById, type CustomerRow } from '../repos/customers.ts';
import { verifyPassword } from './passwords.ts';
import { enforce, forget } from './throttle.ts';

/** The customer when `password` (the body's `field`) is their current password; else a 400 that changes nothing. */
export async function assertCurrentPassword(deps: Deps, customerId: number, password: unknown, field = 'password'): Promise<CustomerRow> {
  if (password === undefined || password === null || password === '') throw badRequest(WIRE_ERRORS.missingPassword, field);
  if (typeof password !== 'string') throw badRequest(WIRE_ERRORS.wrongOldPassword, field);
  await enforce(deps.db, deps.now(), [{ name: 'passwordCustomer', key: String(customerId) }]);
  const customer = await customerById(deps.db, customerId);
  if (!customer) throw unauthorized(WIRE_ERRORS.userNotFound);
  if (password.length > MAX_PASSWORD_LENGTH || !(await verifyPassword(password, customer.password_hash)))
    throw badRequest(WIRE_ERRORS.wrongOldPassword, field);
  await forget(deps.db, 'passwordCustomer', String(customerId));
  return customer;
}
