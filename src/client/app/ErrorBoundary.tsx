/**
 * Each screen renders inside one of these (App.tsx): a render error shows the customer "Woops! Something went
 * wrong." in his language with a way home, instead of a blank page, and is reported (services/reporting.ts).
 * App keys it by path, so going home starts afresh. Mounted, it ends the server's markup (lib/hydrated.ts).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { reportError } from '../services/reporting.ts';
import { serverMarkup } from '../lib/hydrated.ts';
import { t } from '../state/i18n.ts';

function ScreenError() {
  useSignals();
  return (
    <div className="screen-error" role="alert">
      <h1>{t('common.error')}</h1>
      <a className="button primary" href="/home">
        {t('notFound.home')}
      </a>
    </div>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  // Set in the constructor, not as a class field: a field brings esbuild's field helper into the first route.
  constructor(props: { children: ReactNode }) {
    super(props);
    this.state = { failed: false };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // Mounted once the screen inside has: hydrated, the server's markup is the app's (lib/hydrated.ts).
  override componentDidMount() {
    serverMarkup(false);
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError('render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ScreenError /> : this.props.children;
  }
}
