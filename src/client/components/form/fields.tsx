/**
 * Labelled form controls of the account forms: each error is linked to its input with aria-describedby,
 * password fields have show/hide, the phone field has the dial-code selector (Finland +358, Estonia +372).
 */
import { useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTypedEarly } from '../typed-early.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { REGISTRATION_COUNTRIES } from '../../../shared/constants.ts';
import { FIELD_MAX, RULE_PARAMS } from '../../../shared/validation.ts';
import { t } from '../../state/i18n.ts';

/** Text of a validation key ('validation.phone') or a ready text. */
export const errorText = (error: string | null | undefined) =>
  !error ? '' : error.startsWith('validation.') ? t(`account.${error}`, RULE_PARAMS) : error;

const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export function FieldError({ id, error }: { id: string; error?: string | null }) {
  useSignals();
  const message = errorText(error);
  return message ? (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  /** Validation key or text; marks the field invalid. */
  error?: string | null;
  /** Marks the field invalid without a text of its own (a failed login marks both fields). */
  invalid?: boolean;
  hint?: ReactNode;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  required?: boolean;
  /** Ids of other texts that describe the field (a shared error message). */
  describedBy?: string;
  /** The longest value the server takes (shared/validation.ts FIELD_MAX through `bind`). */
  maxLength?: number;
}

/** The ids of a field's error and hint, and whether it is marked invalid. */
function fieldState(p: FieldProps) {
  return { errorId: `${p.id}-error`, hintId: `${p.id}-hint`, bad: Boolean(p.error) || Boolean(p.invalid) };
}

/** The label, the control(s), the hint and the error of one field. */
function FieldFrame({ p, children }: { p: FieldProps; children: ReactNode }) {
  const { errorId, hintId, bad } = fieldState(p);
  return (
    <div className={bad ? 'field invalid' : 'field'}>
      <label className="field-label" htmlFor={p.id}>
        {p.label}
      </label>
      {children}
      {p.hint && (
        <p className="field-hint" id={hintId}>
          {p.hint}
        </p>
      )}
      <FieldError id={errorId} error={p.error} />
    </div>
  );
}

const KIND_MAX: Record<string, number> = { email: FIELD_MAX.email, tel: FIELD_MAX.phone };

/** The props of the text input that the field kinds share. */
function useInputProps(p: FieldProps, kind: Pick<FieldProps, 'type' | 'autoComplete' | 'inputMode'>) {
  const { errorId, hintId, bad } = fieldState(p);
  const ref = useTypedEarly((el) => el.value, p.value, p.onValue);
  return {
    ref,
    id: p.id,
    className: 'input',
    type: kind.type,
    value: p.value,
    autoComplete: kind.autoComplete,
    inputMode: kind.inputMode,
    required: p.required,
    // A field bound to its form has its name's limit; an e-mail or phone field without one has its kind's.
    maxLength: p.maxLength ?? KIND_MAX[kind.type ?? ''],
    'aria-invalid': bad || undefined,
    'aria-describedby': describedBy(p.error && errorId, p.hint ? hintId : null, p.describedBy),
    onChange: (e: ChangeEvent<HTMLInputElement>) => p.onValue(e.currentTarget.value),
    onBlur: p.onBlur,
  };
}

export function Field(p: FieldProps) {
  useSignals();
  const input = useInputProps(p, { type: p.type ?? 'text', autoComplete: p.autoComplete, inputMode: p.inputMode });
  return (
    <FieldFrame p={p}>
      <input {...input} onFocus={p.onFocus} />
    </FieldFrame>
  );
}

export function PasswordField(p: Omit<FieldProps, 'type' | 'inputMode'>) {
  useSignals();
  const [visible, setVisible] = useState(false);
  // Shown as text, it keeps a password's limit.
  const input = useInputProps(
    { ...p, maxLength: p.maxLength ?? FIELD_MAX.password },
    { type: visible ? 'text' : 'password', autoComplete: p.autoComplete },
  );
  return (
    <FieldFrame p={p}>
      <div className="password-wrap">
        <input {...input} onFocus={p.onFocus} />
        <button type="button" className="password-toggle" aria-controls={p.id} aria-pressed={visible} onClick={() => setVisible(!visible)}>
          {visible ? t('account.hidePassword') : t('account.showPassword')}
        </button>
      </div>
    </FieldFrame>
  );
}

interface PhoneProps extends Omit<FieldProps, 'type' | 'inputMode' | 'autoComplete'> {
  country: string;
  onCountry: (country: string) => void;
}

export function PhoneField(p: PhoneProps) {
  useSignals();
  const input = useInputProps({ ...p, hint: undefined }, { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' });
  return (
    <FieldFrame p={{ ...p, hint: undefined }}>
      <div className="phone-row">
        <label className="visually-hidden" htmlFor={`${p.id}-country`}>
          {t('account.country')}
        </label>
        <select
          id={`${p.id}-country`}
          className="input phone-country"
          value={p.country}
          onChange={(e) => p.onCountry(e.currentTarget.value)}
        >
          {REGISTRATION_COUNTRIES.map((c) => (
            <option key={c.country} value={c.country}>
              {`${t(`account.countries.${c.country}`)} ${c.dialCode}`}
            </option>
          ))}
        </select>
        <input {...input} />
      </div>
    </FieldFrame>
  );
}

interface CheckboxProps {
  id: string;
  checked: boolean;
  onChecked: (v: boolean) => void;
  children: ReactNode;
  error?: string | null;
  onBlur?: () => void;
}

export function Checkbox(p: CheckboxProps) {
  useSignals();
  const errorId = `${p.id}-error`;
  const ref = useTypedEarly((el) => el.checked, p.checked, p.onChecked);
  return (
    <div className={p.error ? 'field checkbox invalid' : 'field checkbox'}>
      <input
        ref={ref}
        id={p.id}
        type="checkbox"
        checked={p.checked}
        aria-invalid={Boolean(p.error) || undefined}
        aria-describedby={p.error ? errorId : undefined}
        onChange={(e) => p.onChecked(e.currentTarget.checked)}
        onBlur={p.onBlur}
      />
      <label htmlFor={p.id}>{p.children}</label>
      <FieldError id={errorId} error={p.error} />
    </div>
  );
}

/** Enter in a field of a form whose submit is still disabled counts as a submit attempt (shows every error). */
export function attemptOnEnter(attempt: () => void) {
  return (e: KeyboardEvent<HTMLFormElement>) => {
    const target = e.target as HTMLElement;
    if (e.key === 'Enter' && target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox') {
      const submit = e.currentTarget.querySelector<HTMLButtonElement>('button[type=submit]');
      if (submit?.disabled) {
        e.preventDefault();
        attempt();
      }
    }
  };
}
