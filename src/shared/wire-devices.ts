/**
 * Wire types of the console's paired devices: the roles a key has, the devices of a shop or of the chain owner,
 * pairing codes and what pairing answers, and who a bearer is. Field names are the server's.
 */

/** A paired device's role: a console acts, a display only shows. */
export type DeviceRole = 'console' | 'display';

/** GET /operator/pobs/{id}/devices/ (and the owner's GET /operator/owner/devices/) → an entry. */
export interface WireDevice {
  id: number;
  name: string;
  role: PairedRole;
  created_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
}

/** A paired browser's role: a shop's device, or one of the chain owner's (of no shop). */
export type PairedRole = DeviceRole | 'owner';

/** POST /operator/pairing/ → the device's own key (shown once) and who it is (the owner's: pob_id null). */
export interface WirePairedDevice {
  key: string;
  role: PairedRole;
  pob_id: number | null;
  device_id: number;
  name: string;
}

/** GET /operator/me/ → who the bearer is: the shop's own key (no device), a paired device, or the chain owner's (no shop). */
export interface WireOperatorMe {
  pob_id: number | null;
  pob_name: string | null;
  role: 'shop' | PairedRole;
  device_id: number | null;
  name: string | null;
}

/** POST /operator/pobs/{id}/pairing-codes/ (and the owner's, made on the server's machine) → */
export interface WirePairingCode {
  code: string;
  role: PairedRole;
  expires_at: string;
}
