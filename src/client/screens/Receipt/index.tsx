/** The receipt page: shown with hard-coded sample content, laid out like a real receipt. */
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { locale, t } from '../../state/i18n.ts';
import { ReceiptCard, type ReceiptView } from '../History/ReceiptCard.tsx';
import { SubPage } from '../../components/SubPage.tsx';

/** VAT 25.5 % included in each price; vat_amount = price − price / 1.255, in cents. */
const sample = (): ReceiptView => ({
  id: 'sample',
  created: '2024-05-14T10:30:00Z',
  pob: { name: t('receipt.sampleShop'), address: t('receipt.sampleAddress'), city: t('receipt.sampleCity') },
  rows: [
    { name: t('receipt.sampleHaircut'), amount: 1, price: 3200, vat: 25.5, vat_amount: 650 },
    { name: t('receipt.sampleBeard'), amount: 1, price: 1500, vat: 25.5, vat_amount: 305 },
    { name: t('receipt.sampleWax'), amount: 2, price: 1290, vat: 25.5, vat_amount: 262 },
  ],
});

export default function Receipt(_props: ScreenProps) {
  useSignals();
  return (
    <SubPage title={t('receipt.title')} backTo="/home">
      <p className="muted">{t('receipt.sampleNote')}</p>
      <ReceiptCard receipt={sample()} locale={locale.value} />
      <a className="button block" href="/profile/history">
        {t('receipt.allReceipts')}
      </a>
    </SubPage>
  );
}
