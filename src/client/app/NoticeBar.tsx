/** The notification bar: title, text, an optional link; announced to screen readers. */
import { useSignals } from '@preact/signals-react/runtime';
import { closeNotice, notice } from '../state/notices.ts';
import { t } from '../state/i18n.ts';

export function NoticeBar() {
  useSignals();
  const n = notice.value;
  return (
    <div className="notice-region" aria-live={n?.kind === 'error' || n?.kind === 'location' ? 'assertive' : 'polite'}>
      {n && (
        <div className={`notice notice-${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          <div className="notice-body">
            <strong className="notice-title">{n.title}</strong>
            {n.text && <p className="notice-text">{n.text}</p>}
            {n.linkUrl && (
              <a className="notice-link" href={n.linkUrl} target={n.linkUrl.startsWith('http') ? '_blank' : undefined} rel="noopener">
                {n.linkText || n.linkUrl}
              </a>
            )}
          </div>
          <button type="button" className="notice-close" onClick={() => closeNotice(n.id)} aria-label={t('common.close') || 'Close'}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
