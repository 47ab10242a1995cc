/**
 * The code step that proves the account's phone (state/phone-proof.ts): the 6-digit code sent to the number,
 * "send a new code", and, right after registration, "not now". `ProofOffer` is the later way in, from the profile
 * and the notification settings, for a phone not proven yet.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { formatPhone } from '../lib/phone-format.ts';
import { t } from '../state/i18n.ts';
import {
  editProofCode,
  proofCode,
  proofError,
  proofPhone,
  proofResent,
  proofStep,
  resendProof,
  skipProof,
  startProof,
  submitProof,
} from '../state/phone-proof.ts';
import { Field } from './form/fields.tsx';
import { AccountForm, AnnouncedSubmit } from './form/Form.tsx';

export function PhoneProofStep(p: { heading: 1 | 2; skippable?: boolean }) {
  useSignals();
  const step = proofStep.value;
  const busy = step === 'sending' || step === 'proving';
  const Heading = p.heading === 1 ? 'h1' : 'h2';
  return (
    <section className="card phone-proof" aria-labelledby="phone-proof-title">
      <Heading id="phone-proof-title">{t('proof.title')}</Heading>
      <AccountForm onSubmit={() => void submitProof()}>
        <p className="muted" role="status">
          {step === 'sending'
            ? t('proof.sending')
            : proofResent.value
              ? t('proof.resent')
              : t('proof.text', { phone: formatPhone(proofPhone.value) })}
        </p>
        <Field
          id="phone-proof-code"
          label={t('proof.code')}
          value={proofCode.value}
          onValue={editProofCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={proofError.value ?? undefined}
          required
        />
        <AnnouncedSubmit label={t('proof.submit')} pendingLabel={t('account.saving')} pending={step === 'proving'} disabled={busy} />
        <button type="button" className="button block phone-proof-again" onClick={() => void resendProof()} disabled={busy}>
          {t('proof.resend')}
        </button>
        {p.skippable && (
          <button type="button" className="button block phone-proof-skip" onClick={skipProof} disabled={step === 'proving'}>
            {t('proof.skip')}
          </button>
        )}
      </AccountForm>
    </section>
  );
}

/** For a logged-in customer whose phone is not proven: why SMS alerts are off, and the way to prove it. */
export function ProofOffer({ phone }: { phone: string }) {
  useSignals();
  const step = proofStep.value;
  const mine = proofPhone.value === phone;
  if (mine && step === 'proven') {
    return (
      <p className="card phone-proof-done" role="status">
        {t('proof.done')}
      </p>
    );
  }
  if (mine && step !== 'idle' && step !== 'skipped') return <PhoneProofStep heading={2} />;
  return (
    <div className="card phone-proof-offer">
      <p>{t('proof.offer')}</p>
      <button type="button" className="button block" onClick={() => void startProof(phone)}>
        {t('proof.offerButton')}
      </button>
    </div>
  );
}
