/** /info: how the queue, priorities, wait estimates and check-in work, and whom to ask. */
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { t } from '../../state/i18n.ts';
import { SubPage } from '../../components/SubPage.tsx';

const SECTIONS = [
  ['queueTitle', ['queueText']],
  ['priorityTitle', ['priorityText']],
  ['waitTitle', ['waitText', 'nowText']],
  ['checkinTitle', ['checkinText']],
  ['contactTitle', ['contactText']],
] as const;

export default function Info(_props: ScreenProps) {
  useSignals();
  return (
    <SubPage title={t('info.title')} backTo="/home" className="text-page">
      {SECTIONS.map(([title, texts]) => (
        <section key={title} aria-labelledby={`info-${title}`}>
          <h2 id={`info-${title}`}>{t(`info.${title}`)}</h2>
          {texts.map((k) => (
            <p key={k}>{t(`info.${k}`)}</p>
          ))}
        </section>
      ))}
      <p className="text-page-links">
        <a href="/help">{t('info.help')}</a>
        <a href="/home">{t('info.shops')}</a>
      </p>
    </SubPage>
  );
}
