/**
 * The shop's operator API (DESIGN.md §1 "Operator side") under /api/{locale}/operator/, authenticated by the
 * shop's key as the bearer: 401 without a valid key, 403 with another shop's key. No customer login involved.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerOf } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../errors.ts';
import { addWalkIn, authorizeShop, checkInAtDesk, finishService, markNoShow, operatorQueue, operatorShopOf, setFull, shopOrder, startService, type OrderRow } from '../queue/operator.ts';
import { orderState } from '../queue/order-wire.ts';
import { bodyOf, onlyKeys } from '../input/body.ts';
import { bodyId, parseWalkIn } from '../input/orders.ts';
import { parseId } from '../input/params.ts';
import { checkInSchema, finishSchema, noShowSchema, operatorPobPatchSchema, operatorQueueSchema, startSchema, walkInSchema } from './schemas/orders.ts';

type IdParams = { Params: { id: string } };

export function operatorRoutes(app: FastifyInstance, deps: Deps) {
  const key = (req: FastifyRequest) => bearerOf(req.headers.authorization);

  /** The path's shop, once the bearer is its key. */
  const pob = async (req: FastifyRequest<IdParams>): Promise<number> => {
    const id = parseId(req.params.id);
    // An id too large to exist: still 401/403 first, so a key-less caller learns nothing.
    await authorizeShop(deps.db, key(req), id ?? 0);
    return id!;
  };

  /** The path's order, once the bearer is a valid key (401) of the order's shop (403). */
  const order = async (req: FastifyRequest<IdParams>): Promise<OrderRow> => {
    const id = parseId(req.params.id);
    await operatorShopOf(deps.db, key(req));
    const o = await shopOrder(deps.db, id);
    await authorizeShop(deps.db, key(req), o.shopId);
    return o;
  };

  const after = async (o: OrderRow) => orderState(await shopOrder(deps.db, o.id));

  app.get<IdParams>('/operator/pobs/:id/queue/', { schema: operatorQueueSchema }, async (req) => operatorQueue(deps, await pob(req)));

  app.post<IdParams>('/operator/pobs/:id/walk-ins/', { schema: walkInSchema }, async (req, reply) => {
    const id = await pob(req);
    return reply.status(201).send(await addWalkIn(deps, id, parseWalkIn(bodyOf(req))));
  });

  app.patch<IdParams>('/operator/pobs/:id/', { schema: operatorPobPatchSchema }, async (req) => {
    const id = await pob(req);
    const body = bodyOf(req);
    onlyKeys(body, ['full']);
    if (typeof body.full !== 'boolean') throw badRequest(body.full === undefined ? 'Missing full parameter' : 'Invalid full', 'full');
    await setFull(deps, id, body.full);
    return (await operatorQueue(deps, id)).pob;
  });

  app.post<IdParams>('/operator/orders/:id/start/', { schema: startSchema }, async (req) => {
    const o = await order(req);
    const body = bodyOf(req);
    if (body.barber_id === undefined || body.barber_id === null) throw badRequest('Missing barber_id parameter', 'barber_id');
    await startService(deps, o, bodyId(body.barber_id, 'barber_id'));
    return after(o);
  });

  app.post<IdParams>('/operator/orders/:id/finish/', { schema: finishSchema }, async (req) => {
    const o = await order(req);
    await finishService(deps, o);
    return after(o);
  });

  app.post<IdParams>('/operator/orders/:id/check-in/', { schema: checkInSchema }, async (req) => {
    const o = await order(req);
    await checkInAtDesk(deps, o);
    return after(o);
  });

  app.post<IdParams>('/operator/orders/:id/no-show/', { schema: noShowSchema }, async (req) => {
    const o = await order(req);
    await markNoShow(deps, o);
    return after(o);
  });
}
