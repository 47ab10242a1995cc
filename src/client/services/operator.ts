/**
 * The shop console's service (the console API, src/shared/wire-operator.ts, wire-devices.ts, wire-chain.ts): the
 * paired device kept in IndexedDB through storage.ts (idb-keyval), and every operator call with the device's key as
 * the bearer. Imported only by the console's chunk (screens/Operator through state/console/).
 */
import { request } from './http.ts';
import { load, save } from './storage.ts';
import type { Language, Locale } from '../../shared/locales.ts';
import type {
  Chain,
  Device,
  DeviceRole,
  Floor,
  FloorOrder,
  Me,
  PairedDevice,
  PairingCode,
  Shift,
  ShiftPlan,
  Stats,
  WalkIn,
  WireMenu,
} from '../lib/operator.ts';

export function loadDevice(): Promise<PairedDevice | undefined> {
  return load<PairedDevice>('operatorDevice');
}

export function saveDevice(device: PairedDevice | null): Promise<void> {
  return save('operatorDevice', device);
}

/** The operator's language and locale now: errors and the menu come back in them. */
export interface OperatorLanguage {
  locale: Locale;
  language: Language;
}

/** A whole party checked in or marked a no-show at the desk (docs/decisions.md, "Orders changed at the desk"). */
export interface PartyAtDesk {
  order_id: number;
  people: { id: number; person: number; status: string; customer_at_pob: boolean }[];
  /** Until when the desk may undo it (ISO); null once undone. */
  undo_until: string | null;
}

export const operatorApi = ({ locale, language }: OperatorLanguage) => {
  const call = <T>(key: string, path: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' = 'GET', body?: unknown) =>
    request<T>(locale, `/operator${path}`, { method, body, bearer: key });
  // The orders' service names in the console's language (an order keeps them as sold, in one language).
  const inLanguage = `?lang=${language}`;
  return {
    pair: (code: string, name: string) => request<PairedDevice>(locale, '/operator/pairing/', { method: 'POST', body: { code, name } }),
    me: (key: string) => call<Me>(key, '/me/'),
    floor: (key: string, pob: number) => call<Floor>(key, `/pobs/${pob}/queue/${inLanguage}`),
    // The menu in the operator's language, as the customer's catalogue reads it (services/catalog.ts).
    menu: (pob: number) => request<WireMenu>(locale, `/pobs/${pob}/?lang=${language}`),
    stats: (key: string, pob: number) => call<{ today: Stats; week: Stats }>(key, `/pobs/${pob}/stats/`),
    devices: (key: string, pob: number) => call<Device[]>(key, `/pobs/${pob}/devices/`),
    revoke: (key: string, pob: number, device: number) => call<void>(key, `/pobs/${pob}/devices/${device}/`, 'DELETE'),
    code: (key: string, pob: number, role: DeviceRole) => call<PairingCode>(key, `/pobs/${pob}/pairing-codes/`, 'POST', { role }),
    walkIn: (key: string, pob: number, body: WalkIn) => call<FloorOrder>(key, `/pobs/${pob}/walk-ins/${inLanguage}`, 'POST', body),
    setFull: (key: string, pob: number, full: boolean) => call<unknown>(key, `/pobs/${pob}/`, 'PATCH', { full }),
    start: (key: string, order: number, barber: number) => call<unknown>(key, `/orders/${order}/start/`, 'POST', { barber_id: barber }),
    finish: (key: string, order: number) => call<unknown>(key, `/orders/${order}/finish/`, 'POST', {}),
    checkIn: (key: string, order: number) => call<unknown>(key, `/orders/${order}/check-in/`, 'POST', {}),
    noShow: (key: string, order: number) => call<unknown>(key, `/orders/${order}/no-show/`, 'POST', {}),
    change: (key: string, order: number, body: { services?: WalkIn['services']; barber_id?: number | null }) =>
      call<FloorOrder>(key, `/orders/${order}/${inLanguage}`, 'PATCH', body),
    party: (key: string, order: number, action: 'check-in' | 'no-show' | 'undo') =>
      call<PartyAtDesk>(key, `/orders/${order}/party/${action}/`, 'POST', {}),
    breakFor: (key: string, pob: number, barber: number, minutes: 15 | 30 | 60) =>
      call<Floor>(key, `/pobs/${pob}/barbers/${barber}/break/${inLanguage}`, 'POST', { minutes }),
    back: (key: string, pob: number, barber: number) => call<Floor>(key, `/pobs/${pob}/barbers/${barber}/back/${inLanguage}`, 'POST', {}),
    endShift: (key: string, pob: number, barber: number) =>
      call<Floor>(key, `/pobs/${pob}/barbers/${barber}/end-shift/${inLanguage}`, 'POST', {}),
    shifts: (key: string, pob: number) => call<ShiftPlan>(key, `/pobs/${pob}/shifts/`),
    addShift: (key: string, pob: number, body: { barber_id: number; start: string; end: string }) =>
      call<Shift>(key, `/pobs/${pob}/shifts/`, 'POST', body),
    moveShift: (key: string, pob: number, shift: number, body: { start: string; end: string }) =>
      call<Shift>(key, `/pobs/${pob}/shifts/${shift}/`, 'PATCH', body),
    removeShift: (key: string, pob: number, shift: number) => call<void>(key, `/pobs/${pob}/shifts/${shift}/`, 'DELETE'),
    chain: (key: string) => call<Chain>(key, '/chain/'),
    chainTicket: (key: string) => call<{ ticket: string; expires_in: number }>(key, '/chain/events/ticket/', 'POST', {}),
    ticket: (key: string, pob: number) => call<{ ticket: string; expires_in: number }>(key, `/pobs/${pob}/events/ticket/`, 'POST', {}),
  };
};

/** The operator stream's address for a ticket (docs/architecture.md, "Live updates across processes"). */
export function streamUrl(pob: number, ticket: string, api: (path: string) => string, language: Language): string {
  return api(`/operator/pobs/${pob}/events/?ticket=${encodeURIComponent(ticket)}&lang=${language}`);
}

/** The chain owner's stream address for a ticket. */
export function chainStreamUrl(ticket: string, api: (path: string) => string): string {
  return api(`/operator/chain/events/?ticket=${encodeURIComponent(ticket)}`);
}
