/**
 * Whether the browser already lets this site read the position ('granted' asks nothing); 'unknown' without the
 * Permissions API. Apart from geo.ts, which the first route loads: only the review step needs this.
 */
export async function locationPermission(): Promise<PermissionState | 'unknown'> {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' as PermissionName });
    return status?.state ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
