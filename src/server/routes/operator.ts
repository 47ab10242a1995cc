/**
 * The shop's operator API under /api/{locale}/operator/, authenticated by the
 * shop's key as the bearer: 401 without a valid key, 403 with another shop's key. No customer login involved.
 * Here its reads (the queue, the figures, the chain's overview) and who may use the console: pairing, devices, the
 * chain owner's devices and local administration. What changes the shop's day is routes/operator-floor.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { notFound, unauthorized } from '../lib/http-error.ts';
import { isLocalAdmin, isLoopback } from '../operator/local-admin.ts';
import { operatorGuards } from '../operator/guard.ts';
import { operatorQueue } from '../operator/queue-view.ts';
import { authorizeOwner, operatorOf } from '../operator/keys.ts';
import { listOwnerDevices, logOwnerChange, removeOwnerDevice } from '../operator/owner.ts';
import { chainOverview } from '../live/chain-rows.ts';
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
import { addressOf, bodyOf } from '../input/body.ts';
import { parseId, readerLanguage } from '../input/params.ts';
import { operatorQueueSchema } from './schemas/orders.ts';
import { operatorStats } from '../operator/stats.ts';
import {
  localPairingCodeSchema,
  statsSchema,
  chainSchema,
  deviceDeleteSchema,
  devicesSchema,
  localOwnerDeviceDeleteSchema,
  localOwnerDevicesSchema,
  localOwnerPairingCodeSchema,
  ownerDeviceDeleteSchema,
  ownerDevicesSchema,
  meSchema,
  pairingCodeSchema,
  pairingSchema,
} from './schemas/operator.ts';

type IdParams = { Params: { id: string } };
type DeviceParams = { Params: { id: string; deviceId: string } };
type OwnerDeviceParams = { Params: { deviceId: string } };

export function operatorRoutes(app: FastifyInstance, deps: Deps) {
  const { key, pob, localOnly } = operatorGuards(deps);

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
}
