/** The receipt page: shown with hard-coded sample content, laid out like a real receipt. */
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { rowVat } from '../../../shared/receipt.ts';
import { locale, t } from '../../state/i18n.ts';
import { ReceiptCard, type ReceiptView } from '../History/ReceiptCard.tsx';
import { SubPage } from '../../components/SubPage.tsx';

/** VAT 25.5 % included in each price; a row's vat_amount is the VAT of its whole amount, as the server writes it. */
const row = (name: string, amount: number, price: number) => ({
  name,
  amount,
  price,
  vat: 25.5,
  vat_amount: rowVat({ amount, price, vat: 25.5 }),
});

const sample = (): ReceiptView => ({
  id: 'sample',
  created: '2024-05-14T10:30:00Z',
  pob: { name: t('receipt.sampleShop'), address: t('receipt.sampleAddress'), city: t('receipt.sampleCity') },
  rows: [row(t('receipt.sampleHaircut'), 1, 3200), row(t('receipt.sampleBeard'), 1, 1500), row(t('receipt.sampleWax'), 2, 1290)],
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
