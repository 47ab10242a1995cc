/** The customer's receipts (SPEC.md §2 "Order history"), newest first. Dropped on logout. */
import { effect } from '@preact/signals-react';
import type { WireReceipt } from '../../shared/wire-account.ts';
import * as api from '../services/account.ts';
import { locale } from './i18n.ts';
import { createRequest } from './request.ts';
import { user } from './session.ts';

const read = createRequest<WireReceipt[]>([], (list) => list.length > 0);
export const receipts = read.data;
export const receiptsStatus = read.status;

export async function loadReceipts(): Promise<void> {
  const current = user.peek();
  if (!current) return;
  await read.run(
    async () => [...(await api.fetchReceipts(locale.peek(), current.id))].sort((a, b) => Date.parse(b.created) - Date.parse(a.created)),
    // The login may be lost meanwhile: then there is nothing to show.
    () => user.peek()?.id === current.id,
  );
}

export const reset = () => read.reset();

// Another customer must never see the last one's receipts.
effect(() => {
  if (!user.value) reset();
});
