/**
 * A modal dialog (a bottom sheet on phones): role=dialog with aria-modal, focus moved in on open and back
 * on close, Tab kept inside, Escape, a tap on the backdrop and dragging the handle down close it. ConfirmDialog is the two-button
 * question (title, description, cancel, confirm) of the order flow and the tracking screen.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useDragToClose } from './use-drag-to-close.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  /** id of the element naming the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

export function Dialog({ labelledBy, describedBy, onClose, className = '', children }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const drag = useDragToClose(box, () => close.current());

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const root = box.current;
    const first = root?.querySelector<HTMLElement>('[data-autofocus]') ?? root?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? root)?.focus();
    return () => {
      // Back to what opened it, if that is still on the page.
      if (before?.isConnected) before.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close.current();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === box.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !box.current.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    // noStaticElementInteractions: a tap on the backdrop is a pointer shortcut; keyboards close with Escape (onKeyDown on the dialog).
    // useKeyWithClickEvents: the keyboard way to close is Escape, handled on the dialog inside, where focus is kept.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && close.current()}>
      <div
        ref={box}
        className={`dialog ${className}`.trim()}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="sheet-handle" aria-hidden="true" {...drag} />
        {children}
      </div>
    </div>
  );
}

export interface ConfirmDialogProps {
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** While the confirmed action runs: the confirm button shows `busyLabel` and neither button acts. */
  busy?: boolean;
  busyLabel?: string;
  /** A destructive confirm (leaving the queue) is drawn in the danger colour. */
  danger?: boolean;
  className?: string;
}

export function ConfirmDialog({
  title,
  description,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  busy = false,
  busyLabel,
  danger = false,
  className = '',
}: ConfirmDialogProps) {
  useSignals();
  const id = useId();
  return (
    <Dialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={() => !busy && onCancel()}
      className={`confirm-dialog ${className}`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`} className="muted">
        {description}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" data-autofocus onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`button ${danger ? 'danger' : 'primary'}`}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy && <span className="button-spinner" aria-hidden="true" />}
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
