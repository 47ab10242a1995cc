/** Credits: the membership's three balances: services, extras and products. */
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { t } from '../../state/i18n.ts';
import { member, profile } from '../../state/session.ts';
import { Loader } from '../../components/Loader.tsx';
import { SubPage } from '../../components/SubPage.tsx';

export default function Credits(_props: ScreenProps) {
  useSignals();
  const p = profile.value;
  const m = p?.membership;
  const rows = [
    { key: 'credits', value: m?.credits ?? 0 },
    { key: 'extras', value: m?.wp_prem_credits ?? 0 },
    { key: 'products', value: m?.wp_prod_credits ?? 0 },
  ];
  return (
    <SubPage title={t('credits.title')}>
      {!p ? (
        <Loader />
      ) : !member.value ? (
        <p className="empty">{t('credits.noMembership')}</p>
      ) : (
        <dl className="balances">
          {rows.map((r) => (
            <div key={r.key} className="card balance">
              <dt>{t(`credits.${r.key}`)}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </SubPage>
  );
}
