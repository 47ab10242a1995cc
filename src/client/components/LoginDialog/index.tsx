/**
 * The login form as a modal dialog (the shop page's Next while logged out): `<LoginDialog open onClose onSuccess />`.
 */
import { useEffect, useRef } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../state/i18n.ts';
import { leaveLogin, submitLoginDialog } from '../../state/login.ts';
import type { Profile } from '../../state/session.ts';
import { Icon } from '../Icon.tsx';
import { LoginForm } from './LoginForm.tsx';
import { useDragToClose } from '../use-drag-to-close.ts';

export interface LoginDialogProps {
  open: boolean;
  /** Called on cancel, and after a successful login (after onSuccess), so the owner just closes it. */
  onClose: () => void;
  onSuccess?: (profile: Profile) => void;
}

export function LoginDialog({ open, onClose, onSuccess }: LoginDialogProps) {
  useSignals();
  const box = useRef<HTMLDivElement>(null);
  const drag = useDragToClose(box, onClose);

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLInputElement>('input[type=tel]')?.focus();
    return () => {
      leaveLogin();
      before?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    // noStaticElementInteractions: a tap on the backdrop is a pointer shortcut; keyboards close with Escape (onKeyDown on the dialog).
    // useKeyWithClickEvents: the keyboard way to close is Escape, handled on the dialog inside, where focus is kept.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={box}
        className="dialog login-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-dialog-title"
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
        // The register and recovery links leave the page, so the dialog closes with them.
        onClickCapture={(e) => (e.target as Element).closest('a') && onClose()}
      >
        <div className="sheet-handle" aria-hidden="true" {...drag} />
        <div className="dialog-head" {...drag}>
          <h2 id="login-dialog-title">{t('login.dialogTitle')}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
            <Icon name="close" />
          </button>
        </div>
        <p className="muted">{t('login.dialogText')}</p>
        <LoginForm idPrefix="login-dialog" onSubmit={() => void submitLoginDialog(onSuccess).then((ok) => ok && onClose())} />
      </div>
    </div>
  );
}
