/** The review's arrival as the customer picked it (state/eta.ts reads it): apart, so the shop page's draft needs no more. */
import { signal } from '@preact/signals-react';
import type { EtaChoice } from '../../shared/constants.ts';

/** 'location': the trip from the position; a number: the customer's pick; null: not chosen (no position either). */
export const etaChoice = signal<'location' | EtaChoice | null>(null);

export function resetEta() {
  etaChoice.value = null;
}
