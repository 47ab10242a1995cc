/**
 * What the service worker shows for a push. Firebase delivers the FCM message to our own worker as JSON
 * (`notification`, `data`, `fcmOptions.link`); anything unreadable still shows a notification, because a
 * push subscription promises the browser that every push is visible.
 */
export interface PushNotice {
  title: string;
  body: string;
  /** A same-origin path opened on a tap. */
  link: string;
  /** Replaces the previous notice about the same order instead of stacking them. */
  tag: string;
}

const DEFAULT_LINK = '/tracking';

interface FcmPayload {
  notification?: { title?: unknown; body?: unknown };
  data?: Record<string, unknown>;
  fcmOptions?: { link?: unknown };
}

/** Keeps a link only when it stays on this origin; anything else opens the tracking screen. */
function sameOriginPath(link: unknown, origin: string): string {
  if (typeof link !== 'string' || !link) return DEFAULT_LINK;
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? url.pathname + url.search : DEFAULT_LINK;
  } catch {
    return DEFAULT_LINK;
  }
}

export function pushNotice(payload: unknown, origin: string, fallbackTitle: string): PushNotice {
  const p = (payload && typeof payload === 'object' ? payload : {}) as FcmPayload;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const orderId = str(p.data?.order_id);
  return {
    title: str(p.notification?.title) || fallbackTitle,
    body: str(p.notification?.body),
    link: sameOriginPath(p.fcmOptions?.link ?? p.data?.link, origin),
    tag: orderId ? `order-${orderId}` : 'walkin',
  };
}
