/**
 * The shop's operator API, what changes the shop's day: walk-ins, the online queue's full flag, an order's way
 * through the floor (start, finish, check-in, no-show, the desk's changes, a party's), barbers' breaks and the end of
 * their day, and shifts planned ahead. Authenticated as routes/operator.ts (operator/guard.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { badRequest } from '../lib/http-error.ts';
import { addWalkIn, checkInAtDesk, finishService, markNoShow, setFull, startService } from '../operator/actions.ts';
import { operatorGuards, type Reach } from '../operator/guard.ts';
import { operatorQueue } from '../operator/queue-view.ts';
import { moveShiftTo, planShift, removeShift, shiftPlan, shiftTimes } from '../operator/shifts.ts';
import { logOwnerChange } from '../operator/owner.ts';
import { backFromBreak, barberOfShop, BREAK_MINUTES, endShift, takeBreak } from '../operator/breaks.ts';
import { orderState } from '../queue/order-wire.ts';
import { bodyOf, onlyKeys } from '../input/body.ts';
import { bodyId, parseChoices, parseWalkIn } from '../input/orders.ts';
import { changeAtDesk, type DeskChange, partyAtDesk, undoAtDesk } from '../operator/desk.ts';
import { parseId, readerLanguage } from '../input/params.ts';
import {
  checkInSchema,
  deskChangeSchema,
  finishSchema,
  noShowSchema,
  operatorPobPatchSchema,
  partyCheckInSchema,
  partyNoShowSchema,
  partyUndoSchema,
  startSchema,
  walkInSchema,
} from './schemas/orders.ts';
import {
  backSchema,
  breakSchema,
  shiftAddSchema,
  shiftDeleteSchema,
  shiftListSchema,
  shiftMoveSchema,
  endShiftSchema,
} from './schemas/operator.ts';

type IdParams = { Params: { id: string } };
type BarberParams = { Params: { id: string; barberId: string } };
type ShiftParams = { Params: { id: string; shiftId: string } };

export function operatorFloorRoutes(app: FastifyInstance, deps: Deps) {
  const { pobWith, pob, order } = operatorGuards(deps);

  app.post<IdParams>('/operator/pobs/:id/walk-ins/', { schema: walkInSchema }, async (req, reply) => {
    const id = await pob(req);
    return reply.status(201).send(await addWalkIn(deps, id, parseWalkIn(bodyOf(req)), readerLanguage(req)));
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
    const target = await order(req);
    const barberId = () => {
      const body = bodyOf(req);
      if (body.barber_id === undefined || body.barber_id === null) throw badRequest('Missing barber_id parameter', 'barber_id');
      return bodyId(body.barber_id, 'barber_id');
    };
    return orderState(await startService(deps, target, barberId));
  });

  app.post<IdParams>('/operator/orders/:id/finish/', { schema: finishSchema }, async (req) => {
    return orderState(await finishService(deps, await order(req)));
  });

  app.post<IdParams>('/operator/orders/:id/check-in/', { schema: checkInSchema }, async (req) => {
    return orderState(await checkInAtDesk(deps, await order(req)));
  });

  app.post<IdParams>('/operator/orders/:id/no-show/', { schema: noShowSchema }, async (req) => {
    return orderState(await markNoShow(deps, await order(req)));
  });

  app.patch<IdParams>('/operator/orders/:id/', { schema: deskChangeSchema }, async (req) => {
    const target = await order(req);
    const lang = readerLanguage(req);
    const change = (): DeskChange => {
      const body = bodyOf(req);
      onlyKeys(body, ['services', 'items', 'barber_id']);
      const list = body.services ?? body.items;
      if (list === undefined && body.barber_id === undefined) throw badRequest('Missing services or barber_id parameter', 'services');
      return {
        ...(list !== undefined && { choices: parseChoices(list, 'services') }),
        ...(body.barber_id !== undefined && { barberId: body.barber_id === null ? null : bodyId(body.barber_id, 'barber_id') }),
      };
    };
    const changed = await changeAtDesk(deps, target, change, lang);
    return (await operatorQueue(deps, changed.shopId, lang)).orders.find((o) => o.id === changed.id);
  });

  app.post<IdParams>('/operator/orders/:id/party/check-in/', { schema: partyCheckInSchema }, async (req) =>
    partyAtDesk(deps, await order(req), 'check-in'),
  );
  app.post<IdParams>('/operator/orders/:id/party/no-show/', { schema: partyNoShowSchema }, async (req) =>
    partyAtDesk(deps, await order(req), 'no-show'),
  );
  app.post<IdParams>('/operator/orders/:id/party/undo/', { schema: partyUndoSchema }, async (req) => undoAtDesk(deps, await order(req)));

  /** The path's barber, once the bearer may act (or plan) for the shop; 404 for a barber not working there today. */
  const barber = async (req: FastifyRequest<BarberParams>, reach: Reach = 'act') => {
    const { id: shopId, who } = await pobWith(req, reach);
    return { shopId, who, barberId: await barberOfShop(deps, shopId, parseId(req.params.barberId)) };
  };

  app.post<BarberParams>('/operator/pobs/:id/barbers/:barberId/break/', { schema: breakSchema }, async (req) => {
    const { shopId, barberId } = await barber(req);
    const minutes = bodyOf(req).minutes;
    if (minutes === undefined || minutes === null) throw badRequest('Missing minutes parameter', 'minutes');
    if (!BREAK_MINUTES.includes(minutes as 15)) throw badRequest('Invalid minutes', 'minutes');
    await takeBreak(deps, shopId, barberId, minutes as number);
    return operatorQueue(deps, shopId, readerLanguage(req));
  });

  app.post<BarberParams>('/operator/pobs/:id/barbers/:barberId/back/', { schema: backSchema }, async (req) => {
    const { shopId, barberId } = await barber(req);
    await backFromBreak(deps, shopId, barberId);
    return operatorQueue(deps, shopId, readerLanguage(req));
  });

  app.post<BarberParams>('/operator/pobs/:id/barbers/:barberId/end-shift/', { schema: endShiftSchema }, async (req) => {
    // Ending a barber's day changes the shop's shifts: the chain owner may, and is logged.
    const { shopId, who, barberId } = await barber(req, 'plan');
    await endShift(deps, shopId, barberId);
    logOwnerChange(deps, who, 'end-shift', { pob_id: shopId, barber_id: barberId });
    return operatorQueue(deps, shopId, readerLanguage(req));
  });

  // Shifts planned ahead (operator/shifts.ts): the shop's keys and consoles, and the chain owner (logged).
  app.get<IdParams>('/operator/pobs/:id/shifts/', { schema: shiftListSchema }, async (req) =>
    shiftPlan(deps, (await pobWith(req, 'plan')).id),
  );

  app.post<IdParams>('/operator/pobs/:id/shifts/', { schema: shiftAddSchema }, async (req, reply) => {
    const { id, who } = await pobWith(req, 'plan');
    const body = bodyOf(req);
    onlyKeys(body, ['barber_id', 'start', 'end']);
    if (body.barber_id === undefined || body.barber_id === null) throw badRequest('Missing barber_id parameter', 'barber_id');
    const barberId = bodyId(body.barber_id, 'barber_id');
    const planned = await planShift(deps, id, barberId, shiftTimes(body));
    logOwnerChange(deps, who, 'add-shift', {
      pob_id: id,
      shift_id: planned.id,
      barber_id: barberId,
      start: planned.start,
      end: planned.end,
    });
    return reply.status(201).send(planned);
  });

  app.patch<ShiftParams>('/operator/pobs/:id/shifts/:shiftId/', { schema: shiftMoveSchema }, async (req) => {
    const { id, who } = await pobWith(req, 'plan');
    const body = bodyOf(req);
    onlyKeys(body, ['start', 'end']);
    const moved = await moveShiftTo(deps, id, parseId(req.params.shiftId), shiftTimes(body));
    logOwnerChange(deps, who, 'move-shift', { pob_id: id, shift_id: moved.id, start: moved.start, end: moved.end });
    return moved;
  });

  app.delete<ShiftParams>('/operator/pobs/:id/shifts/:shiftId/', { schema: shiftDeleteSchema }, async (req, reply) => {
    const { id, who } = await pobWith(req, 'plan');
    const shiftId = parseId(req.params.shiftId);
    await removeShift(deps, id, shiftId);
    logOwnerChange(deps, who, 'remove-shift', { pob_id: id, shift_id: shiftId });
    return reply.status(204).send();
  });
}
