/** The runtime configuration the client reads (GET /config.json; the pages the server renders carry it too). */
import { BONUS_LOCALES, TEASER_LOCALES } from '../../shared/constants.ts';
import { apiSegment, SERVED_LOCALES } from '../../shared/locales.ts';
import type { WireConfig } from '../../shared/wire.ts';
import type { Deps } from '../deps.ts';
import { STEP_OUT_MINUTES } from '../config-values.ts';

/** The runtime configuration clients read (GET /config.json; rendered pages carry it too). */
export function wireConfig(config: Deps['config']): WireConfig {
  return {
    apiBases: Object.fromEntries(SERVED_LOCALES.map((l) => [l, `/api/${apiSegment(l)}`])),
    mapsKey: config.mapsKey,
    firebase: config.firebase,
    vapidKey: config.vapidKey,
    allowedLanguages: [...config.allowedLanguages],
    bonusLocales: [...BONUS_LOCALES],
    teaserLocales: [...TEASER_LOCALES],
    development: config.development,
    clientEventsPerMinute: config.clientEventsPerMinute,
    devRenames: config.devRenames,
    nearby: { ...config.nearby },
    partyMax: config.party.max,
    stepOutMinutes: [...STEP_OUT_MINUTES],
    stepOutsPerOrder: config.party.stepOutsPerOrder,
  };
}
