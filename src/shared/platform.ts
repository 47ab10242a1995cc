/**
 * The phone's platform by its user agent, for the welcome's install help (iOS or Android steps, both when unknown):
 * the app reads its own, the server the request's, so a page the server rendered shows what the app will.
 */
export type InstallPlatform = 'ios' | 'android' | 'unknown';

export function installPlatformOf(userAgent: string | undefined): InstallPlatform {
  const ua = userAgent ?? '';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'unknown';
}
