/** The contents of the welcome slides: what the service is, the product, account help, install help. */
import { useSignals } from '@preact/signals-react/runtime';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { t } from '../../state/i18n.ts';
import { tList } from '../../state/languages.ts';
import { installPlatform, type WelcomeSlide } from '../../state/welcome.ts';

const ICONS: Record<WelcomeSlide, IconName> = { service: 'clock', product: 'scissors', account: 'user', install: 'home' };

function Steps({ which }: { which: 'ios' | 'android' }) {
  useSignals();
  return (
    <div className="welcome-install">
      <h3>{t(`welcome.install.${which}Title`)}</h3>
      <ol>
        {tList(`welcome.install.${which}Steps`).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}

export function SlideContent({ kind }: { kind: WelcomeSlide }) {
  useSignals();
  const p = installPlatform.value;
  return (
    <>
      <span className="welcome-art" aria-hidden="true">
        <Icon name={ICONS[kind]} size={44} />
      </span>
      <h2>{t(`welcome.${kind}.title`)}</h2>
      <p className="welcome-text">{t(`welcome.${kind}.text`)}</p>
      {kind === 'account' && (
        <div className="welcome-links">
          <a className="button" href="/register">
            {t('welcome.account.register')}
          </a>
          <a className="button" href="/recovery">
            {t('welcome.account.recovery')}
          </a>
        </div>
      )}
      {kind === 'install' && (
        <>
          {p !== 'android' && <Steps which="ios" />}
          {p !== 'ios' && <Steps which="android" />}
        </>
      )}
    </>
  );
}
