/**
 * The exact `error` texts of the wire contract (those the app has always matched on, and the server's own): the server throws these and
 * the client matches on them, so a text is written once here. Keys are the names of their translations under
 * `account.server` in locales/ where the client has one.
 */
export const WIRE_ERRORS = {
  // The texts the app has always matched on
  timeslot: 'Could not allocate time slot for order',
  invalidPhone: 'Invalid phone number',
  passwordTooWeak: 'Password too weak',
  missingPassword: 'Missing password parameter',
  missingToken: 'Missing token parameter',
  missingPhone: 'Missing phone parameter',
  userNotFound: 'User not found',
  // The server's own texts beyond the ones the app has always matched on.
  oneOpenOrder: 'Customer already has an active order',
  barberBusy: 'Barber is already serving a customer',
  /** More than MAX_ORDER_ITEMS (src/shared/constants.ts) services in one order. */
  tooManyItems: 'Too many items',
  invalidCode: 'Invalid or expired code',
  // A join or a change of one's own order the shop's state refuses (a customer meets these on the phone).
  /** The shop has stopped taking remote joins for now (its console's "queue full" switch). */
  queueFull: 'The queue is full',
  shopClosed: 'The shop is closed',
  shopNotFound: 'Shop not found',
  orderNotFound: 'Order not found',
  orderNotActive: 'Order is not active',
  orderInService: 'Order is already in service',
  barberNotFound: 'Barber not found',
  barberNotHere: 'Barber is not on shift at this shop',
  phoneTaken: 'An account with this phone number already exists',
  wrongOldPassword: 'Current password is incorrect',
  invalidEmail: 'Invalid email address',
  passwordTooLong: 'Password too long',
  // Idempotency-Key on order POST: 400 for a malformed key, 422 for a key reused with another body.
  invalidIdempotencyKey: 'Invalid Idempotency-Key header',
  idempotencyKeyReused: 'Idempotency-Key was already used with another request body',
  // Expected arrival on order POST and PATCH: an integer 0–180 minutes; 409 once checked in.
  invalidEta: 'Invalid eta_minutes',
  etaAfterCheckIn: 'Order is already checked in',
  // Moving an order to another shop of the chain (POST …/orders/{orderId}/move/).
  /** 400: the order is at that shop already. */
  moveToSameShop: 'The order is already at this shop',
  /** 409: none of the order's services is on the other shop's menu (by catalogue key). */
  nothingToMove: 'None of the services is offered at that shop',
  /** 409: checked in at the shop (or in service): the customer is there, the order stays. */
  moveAfterCheckIn: 'A checked-in order cannot move',
  // The shop's console: operator keys, device pairing and the barbers' day.
  missingOperatorKey: 'Missing operator key',
  invalidOperatorKey: 'Invalid operator key',
  otherShopKey: 'This key is for another shop',
  displayReadOnly: 'A display key cannot change the queue',
  /** 403: the chain owner's key reads every shop and plans shifts, but serves no customer (no floor action). */
  ownerNoFloor: "The owner's key does not serve customers",
  /** 403: the chain's screen is the owner's; a shop's key or device reads only its shop. */
  ownerOnly: "Only the chain owner's key reads the chain",
  invalidPairingCode: 'Invalid pairing code',
  barberNotOnShift: 'Barber is not on shift now',
  barberOnBreak: 'Barber is already on a break',
  barberNotOnBreak: 'Barber is not on a break',
  // Shifts planned ahead (POST/PATCH/DELETE /operator/pobs/{id}/shifts/…).
  shiftNotFound: 'Shift not found',
  /** 400: the shift's day is before today or more than SHIFT_PLAN_DAYS ahead. */
  shiftTooFar: 'Shifts are planned for today and the next 14 days',
  /** 409: the shift is not inside the shop's opening hours of its day (or the shop is closed that day). */
  shiftOutsideHours: "The shift is outside the shop's opening hours",
  /** 409: the barber has another shift (at any shop) that overlaps it. */
  shiftOverlaps: 'The barber has another shift at that time',
  // HTTP-level answers (server/http-errors.ts and the connection and hashing limits): every error is { error }.
  badRequest: 'Bad request',
  invalidUrl: 'Invalid URL',
  urlTooLong: 'URL too long',
  invalidBody: 'Invalid JSON body',
  bodyTooLarge: 'Request body too large',
  unsupportedMediaType: 'Unsupported media type',
  headersTooLarge: 'Request headers too large',
  requestTimeout: 'Request timed out',
  notFound: 'Not found',
  internal: 'Internal server error',
  /** 503 with Retry-After: the server is shutting down (another process or the restarted one answers soon). */
  restarting: 'The server is restarting, try again in a moment',
  /** 503 with Retry-After: the password hashing queue is full. */
  busy: 'The server is busy, try again in a moment',
  /** 503 with Retry-After: one address holds too many connections. */
  tooManyConnections: 'Too many connections from this address',
  // Event streams (server/routes/events.ts): EventSource sends no bearer, so a stream opens with a ticket.
  missingTicket: 'Missing ticket parameter',
  invalidTicket: 'Invalid or expired ticket',
  /** 429 with Retry-After: one address holds STREAMS_PER_ADDRESS streams. */
  tooManyStreams: 'Too many streams from this address',
} as const;

export type WireErrorKey = keyof typeof WIRE_ERRORS;

/** The text of a required body field that is absent: `Missing phone parameter`. */
export const missingParameter = (field: string): string => `Missing ${field} parameter`;

/**
 * The text of a 429: what was limited and the wait in whole minutes, e.g.
 * `Too many joins. Try again in 12 minutes.` `what`: attempts, code requests, requests, joins.
 */
export const tooManyText = (what: string, minutes: number): string =>
  `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
