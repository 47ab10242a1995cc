/** Epoch milliseconds as an ISO 8601 instant: for SQL parameters and wire answers alike. */
export function iso(ms: number): string;
export function iso(ms: number | null): string | null;
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
