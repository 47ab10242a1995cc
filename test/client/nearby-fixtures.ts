/**
 * Fixtures of the shorter-queue-nearby tests: Kallio (id 2, the queue's fixture shop) with a long queue, and
 * Hakaniemi (id 5) 600 m north with a short one, its menu sharing the haircut and hair wash by catalogue key but
 * no beard trim; Espoo (id 6) 15 km away with no queue at all.
 */
import type { WirePobDetail } from '../../src/shared/wire.ts';
import { pob } from './queue-fixtures.ts';

/** Kallio's menu with catalogue keys. */
export function kallio(over: Partial<WirePobDetail> = {}): WirePobDetail {
  const base = pob();
  const keyed = <T extends { id: number }>(items: T[], keys: Record<number, string>) =>
    items.map((i) => ({ ...i, catalogue_key: keys[i.id] ?? null }));
  return pob({
    service_time_estimates: [{ priority: 0, wait_time: 45, wait_low: 40, wait_high: 55 }],
    services: keyed(base.services, { 10: 'haircut', 20: 'beard-trim' }),
    extra_services: {
      '10': keyed(base.extra_services['10'], { 100: 'hair-wash', 101: 'styling-wax' }),
      '20': keyed(base.extra_services['20'], { 200: 'hot-towel', 201: 'beard-oil' }),
    },
    ...over,
  });
}

export function hakaniemi(over: Partial<WirePobDetail> = {}): WirePobDetail {
  const base = pob();
  return pob({
    id: 5,
    name: 'Hakaniemi',
    address: 'Hakaniementori 1, 00530 Helsinki',
    location: { latitude: 60.1806 + 0.6 / 111.195, longitude: 24.9527 },
    service_time_estimates: [{ priority: 0, wait_time: 5, wait_low: 2, wait_high: 10 }],
    services: [{ ...base.services[0], id: 51, catalogue_key: 'haircut' }],
    extra_services: {
      '51': [
        { ...base.extra_services['10'][1], id: 510, service_id: 51, catalogue_key: 'hair-wash' },
        { ...base.extra_services['10'][0], id: 511, service_id: 51, catalogue_key: 'styling-wax' },
      ],
    },
    ...over,
  });
}

export function espoo(over: Partial<WirePobDetail> = {}): WirePobDetail {
  return pob({
    id: 6,
    name: 'Espoo',
    location: { latitude: 60.1806 + 15 / 111.195, longitude: 24.9527 },
    service_time_estimates: [{ priority: 0, wait_time: 0, wait_low: 0, wait_high: 0 }],
    ...over,
  });
}

/** The settings of config.json, the hold off unless a test keeps it. */
export const SETTINGS = { radiusMeters: 5000, gainMinutes: 15, holdSeconds: 0, marginMinutes: 5 };
