/** /help: the questions customers ask, each answer one tap away. */
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { t } from '../../state/i18n.ts';
import { SubPage } from '../../components/SubPage.tsx';

const TOPICS = ['join', 'checkin', 'leave', 'late', 'password'] as const;

export default function Help(_props: ScreenProps) {
  useSignals();
  return (
    <SubPage title={t('help.title')} backTo="/home" className="text-page">
      {TOPICS.map((k) => (
        <details key={k} className="card help-topic">
          <summary>{t(`help.${k}Q`)}</summary>
          <p>{t(`help.${k}A`)}</p>
        </details>
      ))}
      <p className="text-page-links">
        <a href="/info">{t('help.more')}</a>
      </p>
    </SubPage>
  );
}
