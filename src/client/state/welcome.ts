/**
 * The welcome carousel: which slides show (no install help when the app already
 * runs installed), which install instructions fit the device, and the current slide.
 */
import { computed, signal } from '@preact/signals-react';
import { isStandalone, platform } from '../services/install.ts';
import type { InstallPlatform } from '../../shared/platform.ts';
import { markWelcomeSeen } from './prefs-later.ts';
import { navigate } from '../router/history.ts';
import { save } from '../services/storage.ts';

export type WelcomeSlide = 'service' | 'product' | 'account' | 'install';
export type { InstallPlatform };

/** A horizontal move shorter than this is a tap, longer a swipe. */
const SWIPE_PX = 40;

export const standalone = signal(false);
/** The phone's own from the start, as the server rendered it for the same phone: hydration changes nothing. */
export const installPlatform = signal<InstallPlatform>(platform());
export const slideIndex = signal(0);

/** 4 slides, 3 when standalone. */
export const slides = computed<WelcomeSlide[]>(() =>
  standalone.value ? ['service', 'product', 'account'] : ['service', 'product', 'account', 'install'],
);

/** Reads the display mode and the platform afresh and starts from the first slide. */
export function startWelcome(env: { standalone: () => boolean; platform: () => InstallPlatform } = { standalone: isStandalone, platform }) {
  standalone.value = env.standalone();
  installPlatform.value = env.platform();
  slideIndex.value = 0;
  tutorialOpen.value = false;
}

export function goToSlide(i: number) {
  slideIndex.value = Math.min(Math.max(0, Math.trunc(i)), slides.value.length - 1);
}

export const nextSlide = () => goToSlide(slideIndex.value + 1);
export const previousSlide = () => goToSlide(slideIndex.value - 1);

/** A pointer moved dx pixels: left goes forward, right goes back. Returns whether it was a swipe. */
export function swipe(dx: number): boolean {
  if (dx <= -SWIPE_PX) nextSlide();
  else if (dx >= SWIPE_PX) previousSlide();
  else return false;
  return true;
}

/** Leaving the carousel for login or the shop list: the gate shows home from now on. */
export function leaveWelcome() {
  markWelcomeSeen();
}

/** 'Find a barber' first shows the three-slide tutorial, which ends by locating (or not) and the list. */
export const tutorialOpen = signal(false);

export function findBarber(e?: { preventDefault(): void }) {
  e?.preventDefault();
  tutorialOpen.value = true;
}

export function finishTutorial() {
  tutorialOpen.value = false;
  markWelcomeSeen();
  void save('tutorialSeen', true);
  navigate('/');
}

export function reset() {
  standalone.value = false;
  installPlatform.value = 'unknown';
  slideIndex.value = 0;
  tutorialOpen.value = false;
}
