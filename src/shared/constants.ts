/** Business constants and limits, in one place. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MIN_PHONE_LENGTH = 6;
/** First and last name: the form refuses more, the server too (registration and the profile). */
export const MAX_NAME_LENGTH = 100;
/** RFC 5321's longest address. */
export const MAX_EMAIL_LENGTH = 254;
/** A phone number as typed, separators included (E.164 has at most 15 digits); a desk's walk-in phone too. */
export const MAX_PHONE_INPUT_LENGTH = 32;
/** The SMS codes (recovery, a phone change): six digits. */
export const SMS_CODE_LENGTH = 6;

export const REFRESH_MS = 30_000; // shop, shop list and order refresh
export const LIST_CACHE_MS = 5_000;
export const RECOVERY_CODE_VALID_MS = 3_600_000;
export const GEO_TIMEOUT_MS = 10_000;
export const SEARCH_DEBOUNCE_MS = 500;
export const FIELD_RECHECK_MS = 100;

export const NOTICE_MS = 10_000;
export const LOCATION_NOTICE_MS = 5_000;
export const ERROR_NOTICE_MS = 5_000;
export const SURVEY_NOTICE_MS = 10_000;

export const REDIRECT_AFTER_SEND_MS = 750;
export const RETURN_HOME_MS = 500;
export const LOW_WAIT_MINUTES = 5;
/** Serving usually starts this many minutes after a customer arrives at most (the check-in note's 1–15 minutes). */
export const SERVED_AFTER_ARRIVAL_MINUTES = 15;
export const ITEM_AMOUNT = 1;
/** At most this many services in one order, and extras under one service: the server refuses more, the client lets no more be chosen. */
export const MAX_ORDER_ITEMS = 10;
export const MAX_ORDER_EXTRAS = 10;

export const EARTH_RADIUS_KM = 6371;
export const KM_TO_MILES = 0.6214;

export const MAP_DEFAULT_ZOOM = 12;
export const STATIC_MAP_ZOOM = 15;
export const STATIC_MAP_SIZE = { width: 345, height: 200 };
export const STATIC_MAP_SCALE = 2;
/** Default map centre: Helsinki city centre. */
export const MAP_DEFAULT_CENTER = { lat: 60.1699, lng: 24.9384 };

export const FALLBACK_SHOP_IMAGES = 12;
export const HEADER_HEIGHT = 75;

/** Membership levels and their queue priority. */
export const MEMBERSHIP_PRIORITY = { none: 0, silver: 1, gold: 2, platinum: 3 } as const;

/** Locales where the bonus programme or its teaser are shown. */
export const BONUS_LOCALES: readonly string[] = [];
export const TEASER_LOCALES: readonly string[] = ['FI'];

/** Client display rules. */
export const HEADER_IMAGE_HEIGHTS = [
  { below: 768, height: 230 },
  { below: 900, height: 250 },
] as const;
export const HEADER_IMAGE_MAX_HEIGHT = 325;
/** Upper bounds (km) of the shop list's distance groups: <1, 1–2, 2–10, then 10 and over. */
export const DISTANCE_GROUP_LIMITS_KM = [1, 2, 10] as const;
/** A change in wait of this many minutes or more picks an increase/decrease queue message. */
export const QUEUE_MESSAGE_CHANGE_MINUTES = 10;
export const QUEUE_MESSAGE_VARIANTS = 5;
/** Messages older than this many months never count as unread. */
export const UNREAD_MESSAGE_MONTHS = 1;

/** Countries offered at registration and the dial-code fallback. */
export const REGISTRATION_COUNTRIES = [
  { country: 'FI', dialCode: '+358' },
  { country: 'EE', dialCode: '+372' },
] as const;
export const DEFAULT_DIAL_CODE = '+358';

/** What the customer may answer without location at the review: "I'm here" (0, checks in), about 10, about 20, 30 min or more. */
export const ETA_CHOICES = [0, 10, 20, 30] as const;
export type EtaChoice = (typeof ETA_CHOICES)[number];
