/**
 * The shop's operator API under /api/{locale}/operator/, authenticated by the
 * shop's key as the bearer: 401 without a valid key, 403 with another shop's key. No customer login involved.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerOf } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { badRequest, notFound, unauthorized } from '../lib/http-error.ts';
import { isLocalAdmin, isLoopback } from '../operator/local-admin.ts';
import { addWalkIn, checkInAtDesk, finishService, markNoShow, setFull, startService, type OrderTarget } from '../operator/actions.ts';
import { operatorQueue } from '../operator/queue-view.ts';
import { authorizeAction, authorizeOwner, authorizePlan, authorizeShop, operatorOf } from '../operator/keys.ts';
import { moveShiftTo, planShift, removeShift, shiftPlan, shiftTimes } from '../operator/shifts.ts';
import { listOwnerDevices, logOwnerChange, removeOwnerDevice } from '../operator/owner.ts';
import { chainOverview } from '../live/chain-rows.ts';
import { forbidden } from '../lib/http-error.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { backFromBreak, barberOfShop, BREAK_MINUTES, endShift, takeBreak } from '../operator/breaks.ts';
import {
  deviceName,
  deviceRole,
  issueOwnerPairingCode,
  issuePairingCode,
  listDevices,
  pairDevice,
  removeDevice,
  whoAmI,
} from '../operator/devices.ts';
import { addressOf } from '../input/body.ts';
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
  operatorQueueSchema,
  partyCheckInSchema,
  partyNoShowSchema,
  partyUndoSchema,
  startSchema,
  walkInSchema,
} from './schemas/orders.ts';
import { operatorStats } from '../operator/stats.ts';
import {
  backSchema,
  breakSchema,
  localPairingCodeSchema,
  statsSchema,
  chainSchema,
  deviceDeleteSchema,
  devicesSchema,
  localOwnerDeviceDeleteSchema,
  localOwnerDevicesSchema,
  localOwnerPairingCodeSchema,
  ownerDeviceDeleteSchema,
  shiftAddSchema,
  shiftDeleteSchema,
  shiftListSchema,
  shiftMoveSchema,
  ownerDevicesSchema,
  endShiftSchema,
  meSchema,
  pairingCodeSchema,
  pairingSchema,
} from './schemas/operator.ts';

type IdParams = { Params: { id: string } };
type DeviceParams = { Params: { id: string; deviceId: string } };
type BarberParams = { Params: { id: string; barberId: string } };
type OwnerDeviceParams = { Params: { deviceId: string } };
type ShiftParams = { Params: { id: string; shiftId: string } };
/** What a request does to the shop: reads it, acts on its floor (no display, no owner), or plans its shifts (no display). */
type Reach = 'read' | 'act' | 'plan';
const authorizeFor = { read: authorizeShop, act: authorizeAction, plan: authorizePlan };

export function operatorRoutes(app: FastifyInstance, deps: Deps) {
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
  const order = async (req: FastifyRequest<IdParams>): Promise<OrderTarget> => {
    const who = await operatorOf(deps.db, key(req), deps.now());
    // The chain owner serves no customer: no order of any shop is his to move on the floor.
    if (who.shopId === null) throw forbidden(WIRE_ERRORS.ownerNoFloor);
    return { id: parseId(req.params.id), shopId: who.shopId, who };
  };

  app.get<IdParams>('/operator/pobs/:id/queue/', { schema: operatorQueueSchema }, async (req) =>
    operatorQueue(deps, await pob(req, false), readerLanguage(req)),
  );

  app.get<IdParams>('/operator/pobs/:id/stats/', { schema: statsSchema }, async (req) => {
    return operatorStats(deps, await pob(req, false));
  });

  // For `npm run operator-key -- <shopId> --pair` on this machine while the server holds PGlite (operator/local-admin.ts).
  app.post<IdParams>('/operator/local/pobs/:id/pairing-codes/', { schema: localPairingCodeSchema }, async (req, reply) => {
    if (deps.config.localAdminToken === null) throw notFound('Not found');
    if (!isLoopback(req.socket.remoteAddress) || !isLocalAdmin(deps.config.localAdminToken, key(req)))
      throw unauthorized('Local administration only');
    const id = parseId(req.params.id);
    const issued = id === null ? null : await issuePairingCode(deps, id, deviceRole(bodyOf(req).role), deps.now());
    if (!issued) throw notFound('Shop not found');
    return reply.status(201).send(issued);
  });

  // The same for the chain owner's browsers (`npm run owner-key`): a pairing code, the list, a revocation.
  const localOnly = (req: FastifyRequest) => {
    if (deps.config.localAdminToken === null) throw notFound('Not found');
    if (!isLoopback(req.socket.remoteAddress) || !isLocalAdmin(deps.config.localAdminToken, key(req)))
      throw unauthorized('Local administration only');
  };
  app.post('/operator/local/owner/pairing-codes/', { schema: localOwnerPairingCodeSchema }, async (req, reply) => {
    localOnly(req);
    return reply.status(201).send(await issueOwnerPairingCode(deps, deps.now()));
  });
  app.get('/operator/local/owner/devices/', { schema: localOwnerDevicesSchema }, async (req) => {
    localOnly(req);
    return listOwnerDevices(deps);
  });
  app.delete<OwnerDeviceParams>(
    '/operator/local/owner/devices/:deviceId/',
    { schema: localOwnerDeviceDeleteSchema },
    async (req, reply) => {
      localOnly(req);
      await removeOwnerDevice(deps, parseId(req.params.deviceId));
      return reply.status(204).send();
    },
  );

  // The chain owner's own routes (operator/owner.ts): a shop's key or device is a 403.
  app.get('/operator/chain/', { schema: chainSchema }, async (req) => {
    await authorizeOwner(deps.db, key(req), deps.now());
    return chainOverview(deps);
  });
  app.get('/operator/owner/devices/', { schema: ownerDevicesSchema }, async (req) => {
    await authorizeOwner(deps.db, key(req), deps.now());
    return listOwnerDevices(deps);
  });
  app.delete<OwnerDeviceParams>('/operator/owner/devices/:deviceId/', { schema: ownerDeviceDeleteSchema }, async (req, reply) => {
    const who = await authorizeOwner(deps.db, key(req), deps.now());
    const deviceId = parseId(req.params.deviceId);
    await removeOwnerDevice(deps, deviceId);
    logOwnerChange(deps, who, 'revoke-owner-device', { device_id: deviceId });
    return reply.status(204).send();
  });

  app.get('/operator/me/', { schema: meSchema }, async (req) => whoAmI(deps, await operatorOf(deps.db, key(req), deps.now())));

  // No bearer: the code is the credential. Tries per address are limited before the code is looked at.
  app.post('/operator/pairing/', { schema: pairingSchema }, async (req, reply) => {
    const body = bodyOf(req);
    const name = deviceName(body.name);
    return reply.status(201).send(await pairDevice(deps, addressOf(req), body.code, name));
  });

  app.post<IdParams>('/operator/pobs/:id/pairing-codes/', { schema: pairingCodeSchema }, async (req, reply) => {
    const id = await pob(req);
    const issued = await issuePairingCode(deps, id, deviceRole(bodyOf(req).role), deps.now());
    return reply.status(201).send(issued);
  });

  app.get<IdParams>('/operator/pobs/:id/devices/', { schema: devicesSchema }, async (req) => listDevices(deps, await pob(req)));

  app.delete<DeviceParams>('/operator/pobs/:id/devices/:deviceId/', { schema: deviceDeleteSchema }, async (req, reply) => {
    const id = await pob(req);
    await removeDevice(deps, id, parseId(req.params.deviceId));
    return reply.status(204).send();
  });

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
