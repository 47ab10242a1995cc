/**
 * The chain owner's browsers (docs/decisions.md, "The chain owner's key"): a pairing code of no shop is made on the
 * server's machine (`npm run owner-key`), a browser trades it for its own key at POST /operator/pairing/ (the same
 * per-address limit as a console), and the key reads every shop and changes shifts but serves no customer
 * (operator/keys.ts mayAct / mayPlan). Each browser is named, listed and revocable; its open streams end at once.
 * Every change made with an owner's key is logged with the browser's name.
 */
import type { Deps } from '../deps.ts';
import { notFound } from '../lib/http-error.ts';
import { ownerDevices, revokeOwnerDevice, type OperatorPrincipal } from '../repos/operators.ts';
import type { WireDevice } from '../../shared/wire-devices.ts';
import { wireDevice } from './devices.ts';

export async function listOwnerDevices(deps: Pick<Deps, 'db'>): Promise<WireDevice[]> {
  return (await ownerDevices(deps.db)).map(wireDevice);
}

/** Revokes one of the owner's browsers: its key stops working, its open streams end on every process. */
export async function removeOwnerDevice(deps: Pick<Deps, 'db' | 'now' | 'changes'>, deviceId: number | null): Promise<void> {
  if (deviceId === null || !(await revokeOwnerDevice(deps.db, deviceId, deps.now()))) throw notFound('Device not found');
  await deps.changes.announceRevoked(deviceId);
}

/**
 * A change made with an owner's key, in the log with the browser's name and id: `action` says what, `detail` on
 * what (the shop, the barber, the device …). A shop's own keys and consoles are not logged here.
 */
export function logOwnerChange(deps: Pick<Deps, 'log'>, who: OperatorPrincipal, action: string, detail: Record<string, unknown>): void {
  if (who.role !== 'owner') return;
  deps.log.info({ owner: who.name, owner_device: who.deviceId, action, ...detail }, `owner change: ${action} by ${who.name}`);
}
