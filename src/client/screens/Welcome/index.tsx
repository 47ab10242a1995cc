/**
 * The welcome carousel: 4 slides, 3 when the app runs installed. Tapping a slide,
 * swiping, the arrow keys and the page dots move between slides; leaving by login or "find a barber"
 * marks the welcome as seen, so the entry gate shows the shop list from then on.
 */
import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import { Icon } from '../../components/Icon.tsx';
import { LANGUAGE_NAMES } from '../../lib/language-names.ts';
import { language, t } from '../../state/i18n.ts';
import {
  findBarber,
  finishTutorial,
  goToSlide,
  leaveWelcome,
  nextSlide,
  previousSlide,
  slideIndex,
  slides,
  startWelcome,
  swipe,
  tutorialOpen,
} from '../../state/welcome.ts';
import { Tutorial } from '../../components/Tutorial/index.tsx';
import { SlideContent } from './Slides.tsx';

export default function Welcome(_props: ScreenProps) {
  useSignals();
  // Layout effect: the slide count is settled before the first paint, so the dots never jump from 4 to 3.
  useLayoutEffect(() => startWelcome(), []);
  const startX = useRef<number | null>(null);
  const swiped = useRef(false);

  const list = slides.value;
  const index = slideIndex.value;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') nextSlide();
    else if (e.key === 'ArrowLeft') previousSlide();
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => {
    startX.current = e.clientX;
    swiped.current = false;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (startX.current !== null) swiped.current = swipe(e.clientX - startX.current);
    startX.current = null;
  };
  const onTap = (e: MouseEvent) => {
    // The click that ends a swipe, or one on a link inside the slide, is not a tap-to-next.
    if (swiped.current || (e.target as Element).closest('a, button')) {
      swiped.current = false;
      return;
    }
    nextSlide();
  };

  return (
    // the arrow keys move the carousel from wherever focus is inside the screen; the keydown bubbles here from the focused link or button.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div className="welcome" onKeyDown={onKeyDown}>
      <header className="welcome-top">
        <h1 className="welcome-brand">{t('welcome.brand')}</h1>
        <a
          className="welcome-lang"
          href="/profile/language"
          aria-label={t('welcome.languageLink', { name: LANGUAGE_NAMES[language.value] })}
        >
          <Icon name="globe" size={20} />
          <span>{LANGUAGE_NAMES[language.value]}</span>
        </a>
      </header>
      {/* a tap on a slide is a pointer shortcut for the next button; keyboards use that button or the arrow keys (onKeyDown above). */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
      <section
        className="welcome-carousel"
        aria-roledescription={t('welcome.carousel')}
        aria-label={t('welcome.brand')}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (startX.current = null)}
        onClick={onTap}
      >
        <div className="welcome-track" style={index ? { transform: `translateX(${-100 * index}%)` } : undefined} aria-live="polite">
          {list.map((kind, i) => (
            // a slide is a group of content in the carousel pattern (WAI-ARIA APG), not a form's fieldset.
            // biome-ignore lint/a11y/useSemanticElements: see above
            <div
              key={kind}
              className="welcome-slide"
              role="group"
              aria-roledescription={t('welcome.slide')}
              aria-label={t('welcome.slideOf', { n: i + 1, total: list.length })}
              data-slide={kind}
              inert={i !== index}
            >
              <SlideContent kind={kind} />
            </div>
          ))}
        </div>
      </section>
      <nav className="welcome-dots" aria-label={t('welcome.dots')}>
        {list.map((kind, i) => (
          <button
            key={kind}
            type="button"
            className="welcome-dot"
            aria-label={t('welcome.goTo', { n: i + 1, total: list.length })}
            aria-current={i === index ? 'step' : undefined}
            onClick={() => goToSlide(i)}
          />
        ))}
      </nav>
      <div className="welcome-actions">
        <a className="button primary block" href="/" onClick={findBarber}>
          <Icon name="search" size={20} />
          {t('welcome.findBarber')}
        </a>
        <a className="button block" href="/login" onClick={leaveWelcome}>
          {t('welcome.login')}
        </a>
      </div>
      {tutorialOpen.value && <Tutorial onDone={finishTutorial} />}
    </div>
  );
}
