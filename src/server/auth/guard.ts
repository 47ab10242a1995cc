/**
 * Pre-handlers for authenticated routes:
 * - `requireAccess`: a valid access token of an existing customer; sets `req.customerId`.
 * - `requireCustomer`: the same, and the path's `:id` must be that customer (every `/customers/{id}/…` route).
 * 401 for a missing, garbage, expired or refresh token and for a deleted customer ('User not found');
 * 403 for another customer's id. Other routes (orders) use them the same way:
 * `app.get('/customers/:id/orders/', { preHandler: requireCustomer(deps) }, handler)`.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { Deps } from '../deps.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { customerExists } from '../repos/customers.ts';
import { parseId } from '../input/params.ts';
import { bearerOf, verifyAccessToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated customer; set by requireAccess / requireCustomer. */
    customerId: number | null;
  }
}

/** The customer a valid access token names (no query; the account may be gone); throws the token's 401s. */
async function tokenOwner(deps: Deps, req: FastifyRequest): Promise<number> {
  const token = bearerOf(req.headers.authorization);
  if (!token) throw unauthorized('Missing access token');
  const id = await verifyAccessToken(deps.keys, token, deps.now());
  if (id === null) throw unauthorized('Invalid or expired access token');
  return id;
}

/** The 401 of a token whose account is gone: the token outlives nothing, a deleted account ends its sessions at once. */
export async function assertAccount(deps: Deps, id: number): Promise<void> {
  if (!(await customerExists(deps.db, id))) throw unauthorized(WIRE_ERRORS.userNotFound);
}

/** The customer of the request's access token; throws the 401s. */
export async function authenticate(deps: Deps, req: FastifyRequest): Promise<number> {
  const id = await tokenOwner(deps, req);
  await assertAccount(deps, id);
  return id;
}

export function requireAccess(deps: Deps): preHandlerAsyncHookHandler {
  return async (req) => {
    req.customerId = await authenticate(deps, req);
  };
}

/**
 * requireCustomer with the account of the path's own customer left to the handler, which looks it up unless it
 * answers from a kept read of that customer's own data (live/order-cache.ts). The answers are the same.
 */
export function requireCustomerToken(deps: Deps): preHandlerAsyncHookHandler {
  return async (req) => {
    const me = await tokenOwner(deps, req);
    if (parseId((req.params as { id?: string }).id) !== me) {
      await assertAccount(deps, me);
      throw forbidden('Forbidden');
    }
    req.customerId = me;
  };
}

export function requireCustomer(deps: Deps): preHandlerAsyncHookHandler {
  return async (req) => {
    const me = await authenticate(deps, req);
    const id = parseId((req.params as { id?: string }).id);
    // Another customer's id, existing or not, is a 403: the answer must not tell which ids exist.
    if (id !== me) throw forbidden('Forbidden');
    req.customerId = me;
  };
}
