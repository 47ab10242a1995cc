/** Order history: the customer's receipts, newest first. */
import { useEffect } from 'react';
import { ListState } from '../../components/ListState.tsx';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { locale, t } from '../../state/i18n.ts';
import { loadReceipts, receipts, receiptsStatus } from '../../state/receipts.ts';
import { SubPage } from '../../components/SubPage.tsx';
import { ReceiptCard } from './ReceiptCard.tsx';

export default function History(_props: ScreenProps) {
  useSignals();
  useEffect(() => void loadReceipts(), []);
  const status = receiptsStatus.value;
  const list = receipts.value;
  return (
    <SubPage title={t('history.title')}>
      <ListState
        status={status}
        empty={list.length === 0}
        skeletons={2}
        skeletonClass="receipt-skeleton"
        failedText={t('history.failed')}
        emptyText={t('history.empty')}
        onRetry={() => void loadReceipts()}
      >
        <div className="receipt-list">
          {list.map((r) => (
            <ReceiptCard key={r.id} receipt={r} locale={locale.value} />
          ))}
        </div>
      </ListState>
    </SubPage>
  );
}
