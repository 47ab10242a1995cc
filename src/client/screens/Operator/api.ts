/**
 * The shop console's service (issue 20, CONTRACTS.md "Console API"): the paired device kept in IndexedDB
 * through storage.ts (idb-keyval), and every operator call with the device's key as the bearer. Lives in the
 * console's chunk only.
 */
import { request } from '../../services/http.ts';
import { load, save } from '../../services/storage.ts';
import { language, locale } from '../../state/i18n.ts';

export type DeviceRole = 'console' | 'display';

export interface PairedDevice {
  key: string;
  role: DeviceRole;
  pob_id: number;
  device_id: number;
  name: string;
}

export interface Me {
  pob_id: number;
  pob_name: string;
  role: 'shop' | DeviceRole;
  device_id: number | null;
  name: string | null;
}

export interface FloorBarber {
  id: number;
  name: string;
  image: string | null;
  on_shift: boolean;
  shifts: { start: string; end: string }[];
  speed: number;
  serving: number | null;
  wait_time: number | null;
  queue_open: boolean;
  serving_since: string | null;
  expected_finish: string | null;
  next_order: number | null;
  on_break_until: string | null;
}

export interface FloorOrder {
  id: number;
  name: string;
  customer: boolean;
  status: 'waiting' | 'in_service';
  priority: number;
  customer_at_pob: boolean;
  chosen_barber_id: number | null;
  barber_id: number | null;
  joined_at: string;
  started_at: string | null;
  start: string | null;
  expected_end: string | null;
  wait: number | null;
  position: number | null;
  duration: number;
  services: string[];
  source: 'app' | 'desk';
  checked_in_at: string | null;
  expected_at: string | null;
  first_name: string;
  last_initial: string | null;
  membership: number | null;
  phone_linked: boolean;
}

export interface Floor {
  pob: { id: number; name: string; open: boolean; full: boolean; queue_state: 'open' | 'closed' | 'full'; closing_soon: boolean; queue_version: number };
  barbers: FloorBarber[];
  orders: FloorOrder[];
}

export interface Device {
  id: number;
  name: string;
  role: DeviceRole;
  created_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
}

export interface PairingCode {
  code: string;
  role: DeviceRole;
  expires_at: string;
}

export interface Stats {
  served: number;
  waiting: number;
  no_shows: number;
  walk_ins: number;
  remote_joins: number;
  mean_wait_minutes: number | null;
  mean_quoted_minutes: number | null;
  mean_actual_minutes: number | null;
  within_10_share: number | null;
  waited_longer_share: number | null;
}

/** The shop's menu as GET /pobs/{id}/ sends it (only what the walk-in form needs). */
export interface WireMenu {
  services: { id: number; title: string; order: number; price: number; duration: number; multiple: boolean }[];
  extra_services: Record<string, { id: number; title: string; order: number; duration: number }[]>;
}

export interface WalkIn {
  name: string;
  services: { service_id: number; amount: 1; extra_services: number[] }[];
  barber_id: number | null;
  phone?: string;
}

export function loadDevice(): Promise<PairedDevice | undefined> {
  return load<PairedDevice>('operatorDevice');
}

export function saveDevice(device: PairedDevice | null): Promise<void> {
  return save('operatorDevice', device);
}

const call = <T>(key: string, path: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' = 'GET', body?: unknown) => request<T>(locale.value, `/operator${path}`, { method, body, bearer: key });

export const operatorApi = {
  pair: (code: string, name: string) => request<PairedDevice>(locale.value, '/operator/pairing/', { method: 'POST', body: { code, name } }),
  me: (key: string) => call<Me>(key, '/me/'),
  floor: (key: string, pob: number) => call<Floor>(key, `/pobs/${pob}/queue/`),
  // The menu in the operator's language, as the customer's catalogue reads it (services/catalog.ts).
  menu: (pob: number) => request<WireMenu>(locale.value, `/pobs/${pob}/?lang=${language.value}`),
  stats: (key: string, pob: number) => call<{ today: Stats; week: Stats }>(key, `/pobs/${pob}/stats/`),
  devices: (key: string, pob: number) => call<Device[]>(key, `/pobs/${pob}/devices/`),
  revoke: (key: string, pob: number, device: number) => call<void>(key, `/pobs/${pob}/devices/${device}/`, 'DELETE'),
  code: (key: string, pob: number, role: DeviceRole) => call<PairingCode>(key, `/pobs/${pob}/pairing-codes/`, 'POST', { role }),
  walkIn: (key: string, pob: number, body: WalkIn) => call<FloorOrder>(key, `/pobs/${pob}/walk-ins/`, 'POST', body),
  setFull: (key: string, pob: number, full: boolean) => call<unknown>(key, `/pobs/${pob}/`, 'PATCH', { full }),
  start: (key: string, order: number, barber: number) => call<unknown>(key, `/orders/${order}/start/`, 'POST', { barber_id: barber }),
  finish: (key: string, order: number) => call<unknown>(key, `/orders/${order}/finish/`, 'POST', {}),
  checkIn: (key: string, order: number) => call<unknown>(key, `/orders/${order}/check-in/`, 'POST', {}),
  noShow: (key: string, order: number) => call<unknown>(key, `/orders/${order}/no-show/`, 'POST', {}),
  breakFor: (key: string, pob: number, barber: number, minutes: 15 | 30 | 60) => call<Floor>(key, `/pobs/${pob}/barbers/${barber}/break/`, 'POST', { minutes }),
  back: (key: string, pob: number, barber: number) => call<Floor>(key, `/pobs/${pob}/barbers/${barber}/back/`, 'POST', {}),
  endShift: (key: string, pob: number, barber: number) => call<Floor>(key, `/pobs/${pob}/barbers/${barber}/end-shift/`, 'POST', {}),
  ticket: (key: string, pob: number) => call<{ ticket: string; expires_in: number }>(key, `/pobs/${pob}/events/ticket/`, 'POST', {}),
};

/** The operator stream's address for a ticket (CONTRACTS.md "Streams and tickets"). */
export function streamUrl(pob: number, ticket: string, api: (path: string) => string): string {
  return api(`/operator/pobs/${pob}/events/?ticket=${encodeURIComponent(ticket)}`);
}
