/** The form rules live in src/shared so the server reuses them; the client imports them from here. */
export * from '../../shared/validation.ts';
