/**
 * Language choice at /profile/language: the allowed languages, each named in itself, the current
 * one marked. Choosing one activates and stores it (Estonian also moves the locale to EE; leaving Estonian returns
 * to the detected locale), tells the server when logged in, then goes back.
 */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { Icon } from '../../components/Icon.tsx';
import { LANGUAGE_NAMES, offeredLanguages } from '../../lib/language-names.ts';
import { languageTag, type Language } from '../../../shared/locales.ts';
import { back } from '../../router/history.ts';
import { config } from '../../state/config.ts';
import { language, t } from '../../state/i18n.ts';
import { chooseLanguage } from '../../state/languages.ts';
import { notify } from '../../state/notices.ts';
import { sendLanguage } from '../../state/account.ts';

export default function LanguageScreen(_props: ScreenProps) {
  useSignals();
  const [pending, setPending] = useState<Language | null>(null);
  const current = language.value;
  const list = offeredLanguages(config.value.allowedLanguages);

  const choose = async (lang: Language) => {
    if (pending) return;
    if (lang === current) return back('/home');
    setPending(lang);
    try {
      await chooseLanguage(lang);
      void sendLanguage(lang);
      back('/home');
    } catch {
      // The dictionary chunk did not arrive (offline on first use of that language).
      setPending(null);
      notify({ kind: 'error', title: t('language.failed') || t('common.error') });
    }
  };

  return (
    <div className="language-page">
      <div className="top-bar">
        <button type="button" className="icon-button" aria-label={t('common.back')} onClick={() => back('/home')}>
          <Icon name="back" />
        </button>
        <h1>{t('language.title')}</h1>
      </div>
      <p className="section muted language-hint">{t('language.hint')}</p>
      {list.length === 0 ? (
        <p className="empty">{t('language.none')}</p>
      ) : (
        <ul className="section language-list" aria-busy={pending ? true : undefined}>
          {list.map((lang) => {
            const on = lang === current;
            return (
              <li key={lang}>
                <button
                  type="button"
                  className={on ? 'language-option card current' : 'language-option card'}
                  lang={languageTag(lang)}
                  aria-current={on ? 'true' : undefined}
                  disabled={pending !== null}
                  onClick={() => void choose(lang)}
                >
                  <span className="language-name">{LANGUAGE_NAMES[lang]}</span>
                  {pending === lang && <span className="spinner language-spinner" aria-hidden="true" />}
                  {on && <Icon name="check" size={22} />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
