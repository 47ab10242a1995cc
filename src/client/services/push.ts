/**
 * Push through Firebase Cloud Messaging. firebase/app and firebase/messaging are imported
 * only here and only when the customer turns push on, so no other screen downloads them.
 */
import { isAndroidChrome } from '../lib/account.ts';

/** Android with Chrome, with the browser features push needs. */
export function pushSupported(): boolean {
  if (typeof navigator === 'undefined' || typeof window === 'undefined') return false;
  return isAndroidChrome(navigator.userAgent) && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function messaging(firebaseConfig: Record<string, string>) {
  const [{ initializeApp, getApps }, fcm] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
  if (!(await fcm.isSupported())) throw 'unsupported';
  const app = getApps()[0] ?? initializeApp(firebaseConfig);
  return { fcm, instance: fcm.getMessaging(app) };
}

/** Asks permission and returns the device token for this browser. */
export async function getPushToken(firebaseConfig: Record<string, string>, vapidKey: string | null): Promise<string> {
  if ((await Notification.requestPermission()) !== 'granted') throw 'denied';
  const { fcm, instance } = await messaging(firebaseConfig);
  // Our own service worker receives the pushes, so firebase does not register a second one.
  const serviceWorkerRegistration = await navigator.serviceWorker.ready;
  return fcm.getToken(instance, { vapidKey: vapidKey ?? undefined, serviceWorkerRegistration });
}

export async function deletePushToken(firebaseConfig: Record<string, string>): Promise<void> {
  const { fcm, instance } = await messaging(firebaseConfig);
  await fcm.deleteToken(instance);
}
