/** Order history (SPEC.md §2): the customer's receipts, newest first. */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../app/screens.ts';
import { locale, t } from '../../state/i18n.ts';
import { loadReceipts, receipts, receiptsStatus } from '../../state/profile-pages.ts';
import { SubPage } from '../Profile/ui.tsx';
import { ReceiptCard } from './ReceiptCard.tsx';

export default function History(_props: ScreenProps) {
  useSignals();
  useEffect(() => void loadReceipts(), []);
  const status = receiptsStatus.value;
  const list = receipts.value;
  return (
    <SubPage title={t('history.title')}>
      {status === 'pending' || status === 'idle' ? (
        <div aria-busy="true">
          {[0, 1].map((i) => (
            <div key={i} className="skeleton receipt-skeleton" />
          ))}
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
        </div>
      ) : status === 'rejected' ? (
        <div className="empty" role="alert">
          <p>{t('history.failed')}</p>
          <button type="button" className="button" onClick={() => void loadReceipts()}>
            {t('common.retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="empty">{t('history.empty')}</p>
      ) : (
        <div className="receipt-list">
          {list.map((r) => (
            <ReceiptCard key={r.id} receipt={r} locale={locale.value} />
          ))}
        </div>
      )}
    </SubPage>
  );
}
