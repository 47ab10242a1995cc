/**
 * Login: phone and password, 'stay logged in', a language link, cookie settings and an
 * information link. After login: /tracking with an active order, else /home.
 */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { redirect } from '../../router/history.ts';
import { t } from '../../state/i18n.ts';
import { loggedIn } from '../../state/session.ts';
import { leaveLogin, submitLoginPage } from '../../state/login.ts';
import { LoginForm } from '../../components/LoginDialog/LoginForm.tsx';
import { Icon } from '../../components/Icon.tsx';

export default function Login(_props: ScreenProps) {
  useSignals();
  const [cookiesOpen, setCookiesOpen] = useState(false);

  useEffect(() => {
    // Someone already logged in who opens /login is sent on; a login made here navigates by itself.
    if (loggedIn.peek()) redirect('/home');
    return leaveLogin;
  }, []);

  return (
    <div className="account-page">
      <header className="account-head">
        <h1>{t('login.title')}</h1>
        <p className="muted">{t('login.subtitle')}</p>
      </header>
      <LoginForm idPrefix="login" onSubmit={() => void submitLoginPage()} />
      <div className="account-extras">
        <a className="extra-link" href="/profile/language">
          <Icon name="globe" /> {t('login.language')}
        </a>
        <a className="extra-link" href="/info">
          <Icon name="info" /> {t('login.info')}
        </a>
        <button
          type="button"
          className="extra-link"
          aria-expanded={cookiesOpen}
          aria-controls="login-cookies"
          onClick={() => setCookiesOpen(!cookiesOpen)}
        >
          {t('login.cookies')}
        </button>
        {cookiesOpen && (
          <div id="login-cookies" className="card cookie-panel">
            <h2>{t('login.cookiesTitle')}</h2>
            <p>{t('login.cookiesText')}</p>
          </div>
        )}
      </div>
    </div>
  );
}
