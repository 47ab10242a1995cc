/** Runtime configuration from GET /config.json, with safe defaults when offline. */
import { signal } from '@preact/signals-react';
import type { WireConfig } from '../../shared/wire.ts';
import { ALLOWED_LANGUAGES } from '../../shared/locales.ts';
import { BONUS_LOCALES, TEASER_LOCALES } from '../../shared/constants.ts';
import { getJson, setApiBases } from '../services/http.ts';

export const DEFAULT_CONFIG: WireConfig = {
  apiBases: {},
  mapsKey: null,
  firebase: null,
  vapidKey: null,
  allowedLanguages: [...ALLOWED_LANGUAGES],
  bonusLocales: [...BONUS_LOCALES],
  teaserLocales: [...TEASER_LOCALES],
  development: false,
  clientEventsPerMinute: 10,
  devRenames: {},
};

export const config = signal<WireConfig>(DEFAULT_CONFIG);

export async function loadConfig(): Promise<WireConfig> {
  try {
    config.value = { ...DEFAULT_CONFIG, ...(await getJson<WireConfig>('/config.json')) };
  } catch {
    // Offline first visit or an old server: the defaults serve the same-origin API.
  }
  setApiBases(config.value.apiBases);
  return config.value;
}

/** The configuration a server-rendered page carried (app/page-data.ts): no fetch for it. */
export function applyConfig(c: WireConfig): WireConfig {
  config.value = { ...DEFAULT_CONFIG, ...c };
  setApiBases(config.value.apiBases);
  return config.value;
}

export function reset() {
  config.value = DEFAULT_CONFIG;
}
