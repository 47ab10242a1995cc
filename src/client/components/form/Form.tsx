/**
 * The account forms' frame: the form itself (no browser validation, Enter on a disabled
 * submit shows every error), the submit button with its pending text, the failure that a screen reader
 * announces, the success card that replaces a form, and `bind`, which wires a field to its createForm state.
 */
import type { ReactNode } from 'react';
import { FIELD_MAX } from '../../../shared/validation.ts';
import type { Form } from '../../state/account-form.ts';
import { attemptOnEnter } from './fields.tsx';

export function AccountForm(p: { onSubmit: () => void; attempt?: () => void; className?: string; children: ReactNode }) {
  return (
    <form
      className={p.className ? `account-form ${p.className}` : 'account-form'}
      noValidate
      onKeyDown={p.attempt && attemptOnEnter(p.attempt)}
      onSubmit={(e) => {
        e.preventDefault();
        p.onSubmit();
      }}
    >
      {p.children}
    </form>
  );
}

/** `pending` disables it and shows `pendingLabel`; `busy` (aria-busy) only where the form announces it. */
export function SubmitButton(p: { label: string; pendingLabel?: string; pending: boolean; disabled: boolean; busy?: boolean }) {
  return (
    <button type="submit" className="button primary block" disabled={p.disabled || p.pending} aria-busy={p.busy}>
      {p.pending && p.pendingLabel ? p.pendingLabel : p.label}
    </button>
  );
}

/** A submit button whose pending state is announced (aria-busy while pending). */
export function AnnouncedSubmit(p: { label: string; pendingLabel: string; pending: boolean; disabled: boolean }) {
  return <SubmitButton {...p} busy={p.pending} />;
}

/** An assertive live region, so a failure that appears in it is read out. */
export function FormAlert({ children }: { children?: ReactNode }) {
  return <div aria-live="assertive">{children}</div>;
}

/** The usual failure: one line of text, or nothing. */
export function FormError({ text }: { text: string | null | false | undefined }) {
  return (
    <FormAlert>
      {text && (
        <p className="form-errors" role="alert">
          {text}
        </p>
      )}
    </FormAlert>
  );
}

/** What replaces a form that succeeded: a heading (h1 on a page of its own), the text, a link onward. */
export function SuccessCard(p: { title?: string; level?: 1 | 2; text: string; link?: { href: string; label: string; primary?: boolean } }) {
  const Heading = p.level === 1 ? 'h1' : 'h2';
  return (
    <div className="form-success" role="status">
      {p.title && <Heading>{p.title}</Heading>}
      <p>{p.text}</p>
      {p.link && (
        <a className={p.link.primary === false ? 'button block' : 'button primary block'} href={p.link.href}>
          {p.link.label}
        </a>
      )}
    </div>
  );
}

/** A success card that is the whole page (registration, recovery): its heading is the page's h1. */
export function SuccessPage(p: { title: string; text: string; link: { href: string; label: string } }) {
  return (
    <div className="account-page">
      <SuccessCard title={p.title} level={1} text={p.text} link={p.link} />
    </div>
  );
}

type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A text field's value, change, blur, shown error and longest value (the server's limit, FIELD_MAX) from its form;
 * `edit` when the screen's state wraps `set`.
 */
export function bind<V extends object, F extends string, K extends StringKeys<V> & F>(
  form: Form<V, F>,
  key: K,
  edit: (key: K, value: string) => void = (k, v) => form.set(k, v as V[K]),
) {
  return {
    value: form.values.value[key] as string,
    onValue: (value: string) => edit(key, value),
    onBlur: () => form.blur(key),
    error: form.shown(key),
    maxLength: FIELD_MAX[key],
  };
}

/** `bind` with the field's id and label, the props every bound field starts with. */
export function bindField<V extends object, F extends string, K extends StringKeys<V> & F>(
  id: string,
  label: string,
  form: Form<V, F>,
  key: K,
  edit?: (key: K, value: string) => void,
) {
  return { id, label, ...bind(form, key, edit) };
}
