import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { McpInfo } from '@qiming/sdk/contracts';
import { loadOfferedExtensions } from './extensionsApi';

/**
 * The extensions the server offers (getMcpInfo), read once per page load: the dialog lists them,
 * and a remembered name they no longer contain is neither shown nor sent. After a failure the next
 * `load()` (the dialog's 重试, or opening it again) asks again.
 */
export class OfferedExtensions {
  /** null until read. */
  list: McpInfo[] | null = null;
  failed = false;
  private pending: Promise<void> | null = null;

  constructor(private readonly fetchList: () => Promise<McpInfo[]>) {
    makeAutoObservable<this, 'fetchList' | 'pending'>(this, { fetchList: false, pending: false, list: observableRef });
  }

  get loading(): boolean {
    return this.list === null && !this.failed;
  }

  /** Reads the list unless it was read already (one call at a time). */
  load(): Promise<void> {
    if (this.list) return Promise.resolve();
    if (this.pending) return this.pending;
    this.failed = false;
    const pending = this.fetchList().then(
      (list) => runInAction(() => void (this.list = list)),
      () => runInAction(() => void (this.failed = true)),
    );
    this.pending = pending;
    void pending.finally(() => (this.pending = null));
    return pending;
  }
}

/** The page's one list: every chat page mounted during this page load shares it. */
export const offeredExtensions = new OfferedExtensions(loadOfferedExtensions);
