/**
 * The bonus programme: the teaser's form (e-mail plus the marketing permission, on by
 * default) and redeeming benefits. Dropped on logout.
 */
import { batch, computed, effect, signal } from '@preact/signals-react';
import { MAX_EMAIL_LENGTH } from '../../shared/constants.ts';
import { isEmail, type FieldErrors } from '../lib/validation.ts';
import { sortBenefits } from '../lib/members.ts';
import * as api from '../services/account.ts';
import { applyProfile, refreshProfile } from './account.ts';
import { createForm } from './account-form.ts';
import { refuseOnField } from './failure.ts';
import { locale, t } from './i18n.ts';
import { profile, user } from './session.ts';
import type { FetchStatus } from './request.ts';

interface TeaserValues {
  email: string;
  allow_email: boolean;
}

/** Both the e-mail and the marketing permission before submit (the permission has no text). */
function validateTeaser(v: TeaserValues): FieldErrors<'email' | 'allow_email'> {
  const errors: FieldErrors<'email' | 'allow_email'> = {};
  if (v.email.trim().length > MAX_EMAIL_LENGTH || !isEmail(v.email)) errors.email = 'validation.email';
  if (!v.allow_email) errors.allow_email = 'validation.terms';
  return errors;
}

export const teaserForm = createForm<TeaserValues, 'email' | 'allow_email'>(() => ({ email: '', allow_email: true }), validateTeaser, {
  show: 'settled',
});
export const teaserStatus = signal<FetchStatus>('idle');

export function openTeaser() {
  if (!teaserForm.values.peek().email) teaserForm.reset({ ...teaserForm.values.peek(), email: profile.peek()?.email ?? '' });
  if (teaserStatus.peek() !== 'fulfilled') teaserStatus.value = 'idle';
}

export function editTeaser<K extends keyof TeaserValues>(key: K, value: TeaserValues[K]) {
  teaserForm.set(key, value);
  if (key === 'email' && teaserStatus.peek() === 'rejected') teaserStatus.value = 'idle';
}

export async function submitTeaser(): Promise<boolean> {
  if (!teaserForm.valid.peek() || teaserStatus.peek() === 'pending') return false;
  teaserStatus.value = 'pending';
  const { email, allow_email } = teaserForm.values.peek();
  try {
    await api.sendBonusTeaser(locale.peek(), { email: email.trim(), allow_email });
    teaserStatus.value = 'fulfilled';
    void refreshProfile();
    return true;
  } catch (err) {
    // A refusal of the address is said on the field; anything else by the form's failure line.
    batch(() => {
      teaserStatus.value = refuseOnField(teaserForm, err, (_, reason) => reason ?? t('bonus.emailInvalid')) ? 'idle' : 'rejected';
    });
    return false;
  }
}

export const benefits = computed(() => sortBenefits(profile.value?.bonus?.benefits ?? []));
/** Benefits need an e-mail address plus marketing permission. */
export const canUseBenefits = computed(() => Boolean(profile.value?.email && profile.value.allow_email));
export const redeeming = signal<Record<number, 'pending' | 'rejected'>>({});

export async function redeem(benefitId: number): Promise<boolean> {
  const current = user.peek();
  if (!current || redeeming.peek()[benefitId] === 'pending') return false;
  redeeming.value = { ...redeeming.peek(), [benefitId]: 'pending' };
  try {
    const answer = await api.redeemBenefit(locale.peek(), current.id, benefitId);
    const p = profile.peek();
    const { [benefitId]: _done, ...rest } = redeeming.peek();
    batch(() => {
      if (p?.bonus) {
        const list = p.bonus.benefits.map((b) =>
          b.id === benefitId
            ? { ...b, redeemCode: answer?.redeemCode ?? b.redeemCode, dateRedeemed: answer?.dateRedeemed ?? new Date().toISOString() }
            : b,
        );
        applyProfile({ ...p, bonus: { ...p.bonus, benefits: list } });
      }
      redeeming.value = rest;
    });
    void refreshProfile();
    return true;
  } catch {
    redeeming.value = { ...redeeming.peek(), [benefitId]: 'rejected' };
    return false;
  }
}

export function reset() {
  batch(() => {
    teaserForm.reset();
    teaserStatus.value = 'idle';
    redeeming.value = {};
  });
}

// Another customer must never see the last one's teaser or redeeming.
effect(() => {
  if (!user.value) reset();
});
