import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { KnowledgeBase } from '@qiming/sdk/contracts';

/**
 * The bases the signed-in user may chat with (getMyKnowledge2: their own, then others' public ones),
 * read once per page and again when the `/` picker opens. The picker, the settings drawer's
 * knowledge tab, the model picker's 个人知识库 and `?kgId=` all read this one list.
 */
export class UsableBases {
  /** null until read (and while signed out: spec chat §9 fetches knowledge lists only with user info). */
  list: KnowledgeBase[] | null = null;
  /** The last read failed (and nothing was read before it). */
  failed = false;
  private pending: Promise<KnowledgeBase[] | null> | null = null;

  constructor(private readonly load: () => Promise<KnowledgeBase[]>) {
    makeAutoObservable<this, 'load' | 'pending'>(this, { load: false, pending: false, list: observableRef });
  }

  /** The user's own bases (the model picker's 个人知识库). */
  get mine(): KnowledgeBase[] {
    return (this.list ?? []).filter((base) => base.mine);
  }

  /** Reads the list again (one call at a time); null when it failed (the request client said why). */
  refresh(): Promise<KnowledgeBase[] | null> {
    this.pending ??= this.load().then(
      (list) => {
        runInAction(() => {
          this.list = list;
          this.failed = false;
        });
        return list;
      },
      () => {
        runInAction(() => (this.failed = this.list === null));
        return null;
      },
    );
    const pending = this.pending;
    void pending.finally(() => {
      if (this.pending === pending) this.pending = null;
    });
    return pending;
  }

  /** Signed out: nothing is kept. */
  clear(): void {
    this.list = null;
    this.failed = false;
  }
}
