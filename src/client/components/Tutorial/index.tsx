/**
 * The first-use tutorial: three slides — choose a shop and services, follow the
 * waiting time, locate yourself — ending with 'locate me' or 'continue without locating'. The owner shows
 * it and decides when; `onDone` is called once the customer has made the last choice.
 */
import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Icon, type IconName } from '../Icon.tsx';
import { locate } from '../../state/geo.ts';
import { t } from '../../state/i18n.ts';

const SLIDES: ReadonlyArray<{ key: 'choose' | 'follow' | 'locate'; icon: IconName }> = [
  { key: 'choose', icon: 'scissors' },
  { key: 'follow', icon: 'clock' },
  { key: 'locate', icon: 'locate' },
];

export function Tutorial({ onDone }: { onDone: () => void }) {
  useSignals();
  const [index, setIndex] = useState(0);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.focus(), []);

  const slide = SLIDES[index];
  const last = index === SLIDES.length - 1;
  const locateMe = () => {
    // The position arrives later (up to 10 s); the list regroups by distance when it does.
    void locate();
    onDone();
  };

  return (
    <div className="tutorial-backdrop">
      <div
        className="tutorial"
        role="dialog"
        aria-modal="true"
        aria-labelledby="tutorial-title"
        tabIndex={-1}
        ref={dialog}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
      >
        <p className="tutorial-step muted">{t('tutorial.step', { n: index + 1, total: SLIDES.length })}</p>
        <span className="tutorial-art" aria-hidden="true">
          <Icon name={slide.icon} size={40} />
        </span>
        <h2 id="tutorial-title">{t(`tutorial.${slide.key}.title`)}</h2>
        <p className="tutorial-text">{t(`tutorial.${slide.key}.text`)}</p>
        <div className="tutorial-dots" aria-hidden="true">
          {SLIDES.map((s, i) => (
            <span key={s.key} className={i === index ? 'tutorial-dot current' : 'tutorial-dot'} />
          ))}
        </div>
        {last ? (
          <div className="tutorial-actions">
            <button type="button" className="button primary block" onClick={locateMe}>
              <Icon name="locate" size={20} />
              {t('tutorial.locate.button')}
            </button>
            <button type="button" className="button block" onClick={onDone}>
              {t('tutorial.locate.skip')}
            </button>
          </div>
        ) : (
          <div className="tutorial-actions">
            <button type="button" className="button primary block" onClick={() => setIndex(index + 1)}>
              {t('tutorial.next')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

export default Tutorial;
