/**
 * Bonus: bonus locales get the counter and the benefits slider, teaser locales (FI) the
 * e-mail collection teaser; every other locale is sent to /home.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { bonusMode } from '../../lib/account.ts';
import { redirect } from '../../router/history.ts';
import { config } from '../../state/config.ts';
import { locale, t } from '../../state/i18n.ts';
import { Loader } from '../../components/Loader.tsx';
import { BonusProgramme } from './Programme.tsx';
import { Teaser } from './Teaser.tsx';

export default function Bonus(_props: ScreenProps) {
  useSignals();
  const mode = bonusMode(locale.value, config.value);
  useEffect(() => {
    if (mode === 'none') redirect('/home');
  }, [mode]);
  if (mode === 'none') return <Loader fullScreen />;
  return (
    <div className="bonus-page">
      <header className="account-head">
        <h1>{mode === 'teaser' ? t('bonus.teaserTitle') : t('bonus.title')}</h1>
      </header>
      {mode === 'teaser' ? <Teaser /> : <BonusProgramme />}
    </div>
  );
}
