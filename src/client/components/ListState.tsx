/**
 * The four states of a fetched list, the same way on every screen: skeletons while loading, the failure with
 * a retry, the empty text, else the list itself.
 */
import type { ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../state/i18n.ts';

export interface ListStateProps {
  status: 'idle' | 'pending' | 'fulfilled' | 'rejected';
  empty: boolean;
  skeletons: number;
  skeletonClass: string;
  failedText: string;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode;
}

export function ListState(p: ListStateProps) {
  useSignals();
  if (p.status === 'pending' || p.status === 'idle') {
    return (
      <div aria-busy="true">
        {Array.from({ length: p.skeletons }, (_, i) => (
          // loading placeholders have no identity, and their count is fixed while they show.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={i} className={`skeleton ${p.skeletonClass}`} />
        ))}
        <span className="visually-hidden" role="status">
          {t('common.loading')}
        </span>
      </div>
    );
  }
  if (p.status === 'rejected') {
    return (
      <div className="empty" role="alert">
        <p>{p.failedText}</p>
        <button type="button" className="button" onClick={p.onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (p.empty) return <p className="empty">{p.emptyText}</p>;
  return <>{p.children}</>;
}
