import { Component, Suspense, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** While a screen's code arrives: a spinner that says so to a screen reader too. */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ display: 'flex', justifyContent: 'center', paddingTop: 96 }}
      data-testid="screen-loading"
    >
      <Spin size="large" description={t('shell.loading')} />
    </div>
  );
}

/** A screen whose code could not be fetched (the station's server went away mid-update): say so, offer a reload. */
function LoadFailed() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('shell.loadFailed')}
      subTitle={t('shell.loadFailedHint')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()} data-testid="screen-reload">
          {t('shell.reload')}
        </Button>
      }
      data-testid="screen-load-failed"
    />
  );
}

class FailedChunk extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

/** One screen's lazy code: a loading state while it arrives and a way out if it cannot. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  return (
    <FailedChunk>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </FailedChunk>
  );
}
