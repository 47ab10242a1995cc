/**
 * Who the bearer of an operator request is, for the routes under /api/{locale}/operator/: the path's shop once the
 * bearer is its key, one of its devices or the chain owner's (401 without a valid one, 403 with another shop's),
 * the path's order for a transition, and local administration only. Built once per app with its deps.
 */
import type { FastifyRequest } from 'fastify';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { bearerOf } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { parseId } from '../input/params.ts';
import { forbidden, notFound, unauthorized } from '../lib/http-error.ts';
import type { OrderTarget } from './actions.ts';
import { authorizeAction, authorizePlan, authorizeShop, operatorOf } from './keys.ts';
import { isLocalAdmin, isLoopback } from './local-admin.ts';

/** What a request does to the shop: reads it, acts on its floor (no display, no owner), or plans its shifts (no display). */
export type Reach = 'read' | 'act' | 'plan';
const authorizeFor = { read: authorizeShop, act: authorizeAction, plan: authorizePlan };

export function operatorGuards(deps: Deps) {
  const key = (req: FastifyRequest) => bearerOf(req.headers.authorization);

  /**
   * The path's shop, once the bearer is its key, one of its devices or the chain owner's; a floor change (`act`)
   * refuses a display and the owner, a shift change (`plan`) a display (403).
   */
  const pobWith = async (req: FastifyRequest<{ Params: { id: string } }>, reach: Reach) => {
    const id = parseId(req.params.id);
    // An id too large to exist: still 401/403 first, so a key-less caller learns nothing.
    const who = await authorizeFor[reach](deps.db, key(req), id ?? 0, deps.now());
    return { id: id!, who };
  };
  const pob = async (req: FastifyRequest<{ Params: { id: string } }>, act = true): Promise<number> =>
    (await pobWith(req, act ? 'act' : 'read')).id;

  /**
   * The path's order for a transition: the bearer resolved once (401 first, so a key-less caller learns nothing of
   * ids); the transition checks, on the row it reads, that the order exists (404) and is the bearer's shop's (403).
   */
  const order = async (req: FastifyRequest<{ Params: { id: string } }>): Promise<OrderTarget> => {
    const who = await operatorOf(deps.db, key(req), deps.now());
    // The chain owner serves no customer: no order of any shop is his to move on the floor.
    if (who.shopId === null) throw forbidden(WIRE_ERRORS.ownerNoFloor);
    return { id: parseId(req.params.id), shopId: who.shopId, who };
  };

  /** Local administration only (operator/local-admin.ts): 404 when the server has no secret, 401 from any but the loopback. */
  const localOnly = (req: FastifyRequest) => {
    if (deps.config.localAdminToken === null) throw notFound('Not found');
    if (!isLoopback(req.socket.remoteAddress) || !isLocalAdmin(deps.config.localAdminToken, key(req)))
      throw unauthorized('Local administration only');
  };

  return { key, pobWith, pob, order, localOnly };
}
