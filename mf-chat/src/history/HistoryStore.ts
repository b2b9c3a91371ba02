import { makeAutoObservable, runInAction } from 'mobx';
import type { ConversationGroup, Page } from '@qiming/sdk/contracts';

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryDeps {
  page(pageNo: number, pageSize: number): Promise<Page<ConversationGroup>>;
  rename(convGroupId: string, title: string): Promise<unknown>;
  remove(convGroupId: string): Promise<unknown>;
}

/** The sidebar's conversation list: pages of 20, newest activity first. */
export class HistoryStore {
  groups: ConversationGroup[] = [];
  total = 0;
  loading = false;
  private pageNo = 0;

  constructor(private readonly deps: HistoryDeps) {
    makeAutoObservable<this, 'deps' | 'pageNo'>(this, { deps: false, pageNo: false });
  }

  get hasMore(): boolean {
    return this.groups.length < this.total || this.pageNo === 0;
  }

  async reload(): Promise<void> {
    this.pageNo = 0;
    runInAction(() => (this.groups = []));
    await this.loadMore();
  }

  async loadMore(): Promise<void> {
    if (this.loading || !this.hasMore) return;
    this.loading = true;
    try {
      const page = await this.deps.page(this.pageNo + 1, HISTORY_PAGE_SIZE);
      runInAction(() => {
        this.pageNo += 1;
        const known = new Set(this.groups.map((g) => g.convGroupId));
        this.groups.push(...page.list.filter((g) => !known.has(g.convGroupId)));
        this.total = page.total;
      });
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** A conversation that got a title (a new one goes first; an agent's shows the agent's icon, looked up by its code). */
  upsert(convGroupId: string, title: string, gptsId: string | null = null): void {
    const existing = this.groups.find((g) => g.convGroupId === convGroupId);
    if (existing) {
      existing.title = title;
      return;
    }
    this.groups.unshift({ convGroupId, title, createTime: new Date().toISOString(), gptsId, icon: null, showInput: true });
    this.total += 1;
  }

  /** Renames; an empty or unchanged title is ignored (spec chat §2). */
  async rename(convGroupId: string, title: string): Promise<void> {
    const next = title.trim();
    const group = this.groups.find((g) => g.convGroupId === convGroupId);
    if (!group || !next || next === group.title) return;
    await this.deps.rename(convGroupId, next);
    runInAction(() => (group.title = next));
  }

  async remove(convGroupId: string): Promise<void> {
    await this.deps.remove(convGroupId);
    runInAction(() => {
      this.groups = this.groups.filter((g) => g.convGroupId !== convGroupId);
      this.total = Math.max(0, this.total - 1);
    });
  }
}
