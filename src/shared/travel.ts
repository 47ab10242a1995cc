/**
 * Travel and learning constants of honest waits (docs/decisions.md, "Honest waits"): what a shop assumes about customers who join from
 * afar, barbers who run over, and members yet to come, before it (and the chain) has learned its own figures
 * from history (src/server/queue/engine/learn.ts). Distributions are equal-mass quantiles in minutes, lowest first.
 */

/** Quantiles kept of each learned distribution. */
export const QUANTILES = 20;
/** Below this many samples a shop uses the chain's figure, and the chain these constants. */
export const MIN_LEARN_SAMPLES = 200;

/** Join to check-in of a remote joiner who gave no expected arrival: trips of about 5–30 minutes. */
export const DEFAULT_TRIP_MINUTES: readonly number[] = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 22, 24, 27, 32];
/** Check-in minus the expected arrival given: mostly on time, a few minutes either way, a tail of late ones. */
export const DEFAULT_LATENESS_MINUTES: readonly number[] = [-7, -5, -4, -3, -2, -2, -1, -1, 0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 8, 12];
/** A service's end minus its expected end: as often early as late, a tail of long run-overs. */
export const DEFAULT_RUN_OVER_MINUTES: readonly number[] = [-9, -7, -5, -4, -3, -2, -2, -1, -1, 0, 0, 1, 1, 2, 3, 4, 5, 6, 8, 11];
/** Joins per hour at a shop by priority 0..3 (none, Silver, Gold, Platinum). */
export const DEFAULT_JOIN_RATE: readonly number[] = [3, 0.6, 0.3, 0.12];
/** Share of orders made remotely (in the app, not checked in at join). */
export const DEFAULT_REMOTE_SHARE = 0.65;
/** Mean listed minutes of an order. */
export const DEFAULT_MEAN_MINUTES = 33;
/** Someone past every learned figure is planned this many minutes from now (he may still come). */
export const TAIL_MINUTES = 5;

/** Turn alert leads a customer may choose (minutes before the turn); null in the profile means the default. */
export const ALERT_LEAD_CHOICES: readonly number[] = [10, 20, 30];
/** The turn alert's lead when the customer has not chosen one. */
export const DEFAULT_ALERT_LEAD_MINUTES = 10;

/** Expected arrival a customer may give at join or when running late, minutes from now (SPEC: eta_minutes). */
export const MAX_ETA_MINUTES = 180;
/** Below this distance the review step assumes walking, above it city driving. */
export const WALK_MAX_KM = 1.5;
export const WALK_KMH = 4.8;
export const CITY_DRIVE_KMH = 25;
/** Minutes added to a driving estimate for parking and the last walk. */
export const DRIVE_OVERHEAD_MINUTES = 5;
