/** The customer's receipts, newest first. Dropped on logout. */
import { computed, effect } from '@preact/signals-react';
import { renameShop } from '../../shared/dev-renames.ts';
import { activeRenames } from './prefs.ts';
import type { WireReceipt } from '../../shared/wire-account.ts';
import * as api from '../services/account.ts';
import { language, locale } from './i18n.ts';
import { createRequest } from './request.ts';
import { user } from './session.ts';

const read = createRequest<WireReceipt[]>([], (list) => list.length > 0);
/** The receipts as shown: in development mode under the shops' demo names. */
export const receipts = computed(() => {
  const renames = activeRenames.value;
  return read.data.value.map((r) => (r.pob.id ? { ...r, pob: renameShop(r.pob.id, r.pob, renames) } : r));
});
export const receiptsStatus = read.status;

export async function loadReceipts(): Promise<void> {
  const current = user.peek();
  if (!current) return;
  await read.run(
    async () =>
      [...(await api.fetchReceipts(locale.peek(), language.peek(), current.id))].sort(
        (a, b) => Date.parse(b.created) - Date.parse(a.created),
      ),
    // The login may be lost meanwhile: then there is nothing to show.
    () => user.peek()?.id === current.id,
  );
}

export const reset = () => read.reset();

// Another customer must never see the last one's receipts.
effect(() => {
  if (!user.value) reset();
});
