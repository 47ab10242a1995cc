/** Pieces the account's sub-pages share (profile, messages, receipts, help): the page frame with a back button, and a switch. */
import type { ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { back } from '../router/history.ts';
import { t } from '../state/i18n.ts';
import { Icon } from './Icon.tsx';

export function SubPage({
  title,
  children,
  backTo = '/profile',
  className = '',
}: {
  title: string;
  children: ReactNode;
  backTo?: string;
  className?: string;
}) {
  useSignals();
  return (
    <div className={`sub-page ${className}`}>
      <header className="top-bar">
        <button type="button" className="icon-button" onClick={() => back(backTo)} aria-label={t('common.back')}>
          <Icon name="back" />
        </button>
        <h1>{title}</h1>
      </header>
      <div className="sub-page-body">{children}</div>
    </div>
  );
}

interface ToggleProps {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  busy?: boolean;
  /** Cannot be switched now (the description says why). */
  disabled?: boolean;
  onToggle: () => void;
}

/** A switch (role=switch) with its label and an optional description. */
export function Toggle({ id, label, description, checked, busy, disabled, onToggle }: ToggleProps) {
  return (
    <div className="toggle-row">
      <div className="toggle-text">
        <span id={`${id}-label`} className="toggle-label">
          {label}
        </span>
        {description && (
          <span id={`${id}-desc`} className="toggle-desc">
            {description}
          </span>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-desc` : undefined}
        aria-busy={busy || undefined}
        disabled={busy || disabled}
        onClick={onToggle}
      >
        <span className="switch-knob" aria-hidden="true" />
      </button>
    </div>
  );
}
