/** Where the app runs, for the welcome carousel's install slide (apart from geo.ts, which the first route needs). */
import { installPlatformOf, type InstallPlatform } from '../../shared/platform.ts';

/** Whether the app runs installed (standalone), for the welcome carousel's install slide. */
export function isStandalone(): boolean {
  return (
    typeof matchMedia !== 'undefined' &&
    (matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true)
  );
}

export function platform(): InstallPlatform {
  return installPlatformOf(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}
