import { RefreshCw } from 'lucide-react';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Button, buttonClass } from '../components/button';
import { PageMessage } from '../components/page-message';
import { isChunkLoadError } from './chunk-load';
import type { ChunkLoadError } from './chunk-load';
import { reloadPage } from './page-reload';
import { resilienceTexts as texts } from './resilience-texts';

/** The page shown instead of a blank screen when a page's bundle could not load. */
export function ChunkLoadFailedPage({ error }: { error: ChunkLoadError }) {
  return (
    <PageMessage
      role="alert"
      icon={<RefreshCw size={26} />}
      title={texts.chunkFailedTitle}
      text={error.code ? texts.cssFailedBody : texts.chunkFailedBody}
      actions={
        <>
          <Button onClick={reloadPage}>{texts.reload}</Button>
          {/* A full navigation: the bundles the failed page shares may be stale too. */}
          <a href="/" className={buttonClass({ variant: 'secondary' })}>
            {texts.backHome}
          </a>
        </>
      }
    />
  );
}

interface Props {
  children: ReactNode;
  /** Changes on navigation, so another page gets its own try. */
  resetKey: string;
}

interface State {
  error: unknown;
  resetKey: string;
}

/**
 * Catches ChunkLoadErrors of the pages below and shows the reload page; any other error goes on
 * to the router's own error page.
 */
export class ChunkLoadBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error)) console.error('[chunk load]', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkLoadFailedPage error={error} />;
    throw error;
  }
}
