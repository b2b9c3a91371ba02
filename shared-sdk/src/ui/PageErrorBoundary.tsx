import { Component, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { sdkText as t } from '@qiming/sdk';

interface State {
  failed: boolean;
}

/**
 * Catches what goes wrong after an area has mounted (a lazy page whose chunk failed to load, a
 * rendering error): the area shows a clear message with 重新加载 instead of going blank.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[area] page failed', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="warning"
        title={t('page.loadFailed')}
        subTitle={t('page.loadFailedDetail')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('page.reload')}
          </Button>
        }
      />
    );
  }
}
