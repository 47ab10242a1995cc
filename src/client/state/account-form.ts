/**
 * Form state of the account forms: values, per-field errors shown only after the first submit
 * attempt or on blur when invalid, and submit enabled only when the whole form is valid, re-checked 100 ms
 * after each change (browser autofill can settle a moment after the event that announced it).
 * The e-mail forms (e-mail, bonus teaser) show an error by the e-mail forms' own rule, `show: 'settled'`: while
 * the field has input, is not focused, and is invalid.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import { FIELD_RECHECK_MS } from '../../shared/constants.ts';
import { isValid, type FieldErrors, type ValidationError } from '../lib/validation.ts';

export interface Form<V extends object, F extends string> {
  values: ReadonlySignal<V>;
  errors: ReadonlySignal<FieldErrors<F>>;
  /** Whether submit is enabled. */
  valid: ReadonlySignal<boolean>;
  submitted: ReadonlySignal<boolean>;
  /** The error to show for a field now (a rule's key, or the text of a server refusal naming it), or undefined. */
  shown(field: F): ValidationError | string | undefined;
  /** The server refused the field with this (translated) text: shown on the field until it is edited. */
  refuse(field: F, text: string): void;
  set<K extends keyof V>(key: K, value: V[K]): void;
  blur(field: F): void;
  focus(field: F): void;
  /** A submit attempt: from now on every error shows. Returns whether the form is valid. */
  attempt(): boolean;
  reset(next?: Partial<V>): void;
}

export function createForm<V extends object, F extends string>(
  initial: () => V,
  validate: (v: V) => FieldErrors<F>,
  opts: { show?: 'touched' | 'settled' } = {},
): Form<V, F> {
  const values = signal<V>(initial());
  const touched = signal<Partial<Record<F, boolean>>>({});
  const focused = signal<F | null>(null);
  const submitted = signal(false);
  const refused = signal<Partial<Record<F, string>>>({});
  const errors = computed(() => validate(values.value));
  const valid = signal(isValid(errors.peek()));
  let timer: ReturnType<typeof setTimeout> | undefined;

  const recheck = () => {
    valid.value = isValid(validate(values.peek()));
  };

  return {
    values,
    errors,
    valid,
    submitted,
    shown(field) {
      const server = refused.value[field];
      if (server) return server;
      if (opts.show === 'settled') {
        const value = (values.value as Record<string, unknown>)[field];
        return typeof value === 'string' && value.trim() !== '' && focused.value !== field ? errors.value[field] : undefined;
      }
      return submitted.value || touched.value[field] ? errors.value[field] : undefined;
    },
    refuse(field, text) {
      refused.value = { ...refused.peek(), [field]: text };
    },
    set(key, value) {
      values.value = { ...values.peek(), [key]: value };
      if ((refused.peek() as Record<PropertyKey, string>)[key]) refused.value = { ...refused.peek(), [key]: undefined };
      recheck();
      clearTimeout(timer);
      timer = setTimeout(recheck, FIELD_RECHECK_MS);
    },
    focus(field) {
      focused.value = field;
    },
    blur(field) {
      if (focused.peek() === field) focused.value = null;
      // Only a field that fails on blur starts showing its error early; a valid one stays quiet.
      if (errors.peek()[field] && !touched.peek()[field]) touched.value = { ...touched.peek(), [field]: true };
    },
    attempt() {
      submitted.value = true;
      recheck();
      return valid.peek();
    },
    reset(next) {
      clearTimeout(timer);
      values.value = { ...initial(), ...next };
      touched.value = {};
      refused.value = {};
      focused.value = null;
      submitted.value = false;
      recheck();
    },
  };
}
