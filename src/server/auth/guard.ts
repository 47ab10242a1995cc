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
import { forbidden, unauthorized } from '../errors.ts';
import { customerExists } from '../repos/customers.ts';
import { parseId } from '../input/params.ts';
import { bearerOf, verifyAccessToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated customer; set by requireAccess / requireCustomer. */
    customerId: number | null;
  }
}

/** The customer of the request's access token; throws the 401s. */
export async function authenticate(deps: Deps, req: FastifyRequest): Promise<number> {
  const token = bearerOf(req.headers.authorization);
  if (!token) throw unauthorized('Missing access token');
  const id = await verifyAccessToken(deps.keys, token, deps.now());
  if (id === null) throw unauthorized('Invalid or expired access token');
  // The token outlives nothing: a deleted account ends its sessions at once.
  if (!(await customerExists(deps.db, id))) throw unauthorized(WIRE_ERRORS.userNotFound);
  return id;
}

export function requireAccess(deps: Deps): preHandlerAsyncHookHandler {
  return async (req) => {
    req.customerId = await authenticate(deps, req);
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
