/**
 * Wire types of the account calls (also the calls the app's original API left without a path: e-mail, messages, locate, push token).
 * Field names are the server's, as the app has always read them.
 */

/** POST /login/ → */
export interface WireLoginAnswer {
  customer_id: number;
  access_token: string;
  refresh_token: string;
}

/** POST /refresh/ (bearer = refresh token, body { refresh }) → */
export interface WireRefreshAnswer {
  customer_id: number;
  access_token: string;
  /** Only when the body asked `{ rotate: true }`: the new refresh token; the old one no longer works. */
  refresh_token?: string;
}

/** POST /register/ → (201). The client then logs in; registration opens no session. */
export interface WireRegisterAnswer {
  customer_id: number;
}

/**
 * POST /password/ → a WireLoginAnswer: every refresh token of the customer is revoked (other devices are logged
 * out) and this device gets a new pair; the old access token works until it expires.
 * POST /logout/ { refresh, all? } (or the refresh token as bearer) → { ok: true }.
 */

/** POST /register/ body. phone is the dial code plus number, e.g. "+358401234567". */
export interface WireRegistration {
  countryCode?: string;
  phone: string;
  password: string;
  firstname: string;
  lastname: string;
  email: string;
  terms_accepted: boolean;
  allow_email?: boolean;
  allow_sms?: boolean;
}

export type MembershipType = 'silver' | 'gold' | 'platinum';

export interface WireMembership {
  type: MembershipType | null;
  priority: number; // 0 none, 1 Silver, 2 Gold, 3 Platinum
  begin_date: string | null; // YYYY-MM-DD
  end_date: string | null;
  credits: number;
  wp_prem_credits: number;
  wp_prod_credits: number;
}

export interface WireBenefit {
  id: number;
  title: string;
  value: string;
  isRedeemable: boolean;
  redeemCode: string | null;
  dateIssued: string;
  dateRedeemed: string | null;
}

export interface WireBonus {
  amount: number;
  expirationDate: string | null;
  benefits: WireBenefit[];
}

/** GET /customers/{id}/ → and PATCH /customers/{id}/ → (the updated profile) */
export interface WireProfile {
  id: number;
  firstname: string;
  lastname: string;
  phone: string;
  email: string | null;
  city: string | null;
  date_of_birth: string | null;
  sex: string | null;
  street_address: string | null;
  post_code: string | null;
  tutorial_seen: boolean;
  allow_email: boolean;
  allow_sms: boolean;
  /**
   * The phone was proven by a code sent to it. Until it is, no SMS but a code goes to it, whatever allow_sms says
   * (docs/decisions.md, "A phone is proven before it is texted"). Read only.
   */
  phone_proven: boolean;
  app_language: string | null; // e.g. fi_FI
  language: string | null;
  fcm_token: string | null;
  /** When the turn alert comes: null = the default (10 minutes before), or 10, 20 or 30 minutes before the turn. */
  alert_lead_minutes: number | null;
  active_order_id: number | null;
  membership: WireMembership | null;
  bonus: WireBonus | null;
}

/** PATCH /customers/{id}/ body: any subset. */
export type WireProfilePatch = Partial<
  Pick<
    WireProfile,
    | 'fcm_token'
    | 'allow_email'
    | 'allow_sms'
    | 'email'
    | 'language'
    | 'app_language'
    | 'tutorial_seen'
    | 'firstname'
    | 'lastname'
    | 'city'
    | 'alert_lead_minutes'
  >
>;

/**
 * One receipt row. `price` is per unit; `vat_amount` is for the whole row (amount × price), rounded once by the
 * server, so a reader adds rows' `vat_amount` as they are and never multiplies them by `amount`.
 */
export interface WireReceiptRow {
  name: string;
  amount: number;
  /** Cents, VAT inclusive, per unit. */
  price: number;
  /** Percent, e.g. 25.5. */
  vat: number;
  /** Cents: the VAT included in the row's total (amount × price), not per unit. */
  vat_amount: number;
  /** A party's receipt: whose row it is (0 the customer, 1–4 a companion) and the companion's name (null once the account is gone). */
  person?: number;
  person_name?: string | null;
}

/** GET /customers/{id}/receipts/ → items */
export interface WireReceipt {
  id: number;
  created: string; // ISO
  rows: WireReceiptRow[];
  /** id: the shop's id (null for a shop that no longer exists), so development renaming finds it. */
  pob: { id?: number | null; name: string; address: string; city: string };
  status: string; // paid
  type: string; // service
  order_id?: number | null;
  total?: number; // cents, VAT inclusive
}

/** GET /customers/{id}/messages/ → items; PATCH /customers/{id}/messages/{mid}/ { read: true } */
export interface WireMessage {
  id: number;
  title: string;
  content: string; // sanitized HTML
  date: string; // ISO
  locale: string; // FI, EE … (the /api/:locale/ of the list)
  read: boolean;
  language?: string; // of title and content: ?lang=, else the customer's language, else the locale's
  unread?: boolean; // not read and less than a month old
}
