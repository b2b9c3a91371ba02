import type { Kysely } from 'kysely';
import type { ModelCatalogue } from '@qiming/contracts';
import type { Database } from '../../db/schema.js';
import { silentLog, type Log } from '../../log.js';
import { startPeriodicTask } from '../../periodicTask.js';
import type { CatalogueEntry } from './entry.js';
import { MODELS } from './models.js';
import { pricedModelOf, type ModelPrices, type PricedModel } from './pricing.js';
import { CatalogueRepository } from './repository.js';
import { buildSnapshot, modelCatalogueOf, type CatalogueSnapshot, type ServingFacts } from './snapshot.js';

export const DEFAULT_RELOAD_SECONDS = 15;

/** Runs the reload check every `intervalMs` until stopped; the default is a periodic task (tests step it by hand). */
export type Scheduler = (task: () => Promise<unknown>, intervalMs: number) => { stop(): void | Promise<void> };

export interface CatalogueOptions {
  /** How often the revision stamp is checked (default 15 s). */
  reloadSeconds?: number;
  log?: Log;
  /** The built-in entries (tests give their own). */
  builtIns?: readonly CatalogueEntry[];
  scheduler?: Scheduler;
}

/**
 * The effective model catalogue of this server: the built-in entries with the ops overrides of the
 * database applied, validated, as one immutable snapshot. Every `reloadSeconds` it reads the
 * revision stamp (one primary-key read) and rebuilds only when the stamp moved, so every instance
 * sharing the database follows an ops change within that time. A failed check keeps the snapshot
 * in use. It is also the server's price list (ModelPrices), injected where requests are priced.
 */
export class Catalogue implements ModelPrices {
  private current: CatalogueSnapshot;
  private checking: Promise<boolean> | null = null;
  private poller: ReturnType<Scheduler> | null = null;
  readonly reloadSeconds: number;
  private readonly builtIns: readonly CatalogueEntry[];

  constructor(
    private readonly repo: CatalogueRepository,
    private readonly options: CatalogueOptions = {},
  ) {
    this.reloadSeconds = options.reloadSeconds ?? DEFAULT_RELOAD_SECONDS;
    this.builtIns = options.builtIns ?? MODELS;
    this.current = buildSnapshot(this.builtIns, [], -1);
  }

  /** The snapshot in use now. */
  snapshot(): CatalogueSnapshot {
    return this.current;
  }

  /** The effective entry of a model id (think, web, price… for the chat gateway). */
  find(modelId: string): CatalogueEntry | undefined {
    return this.current.byId.get(modelId);
  }

  /** Reads every override and rebuilds the snapshot, whatever the stamp says. */
  async reload(): Promise<CatalogueSnapshot> {
    const { revision, overrides } = await this.repo.load();
    const next = buildSnapshot(this.builtIns, overrides, revision);
    for (const { modelId, reason } of next.rejected) this.options.log?.warn(`[catalogue] override of ${modelId} ignored: ${reason}`);
    if (next.version !== this.current.version) this.options.log?.info(`[catalogue] revision ${revision}, version ${next.version}`);
    this.current = next;
    return next;
  }

  /** Rebuilds when the revision stamp moved; true when it did. Concurrent calls share one check. */
  refresh(): Promise<boolean> {
    this.checking ??= (async () => {
      try {
        if ((await this.repo.revision()) === this.current.revision) return false;
        await this.reload();
        return true;
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }

  /** The model's price from the current snapshot (an ops change applies to the next quote or hold). */
  priced(id: string): PricedModel | undefined {
    return pricedModelOf(this.current, id);
  }

  /** Starts the stamp checks. */
  start(): this {
    if (this.poller) return this;
    const log = this.options.log ?? silentLog;
    const scheduler: Scheduler = this.options.scheduler ?? ((task, intervalMs) => startPeriodicTask('catalogue reload check', task, intervalMs, log));
    this.poller = scheduler(
      () => this.refresh().catch((error: Error) => log.warn(`[catalogue] reload check failed, still serving revision ${this.current.revision}: ${error.message}`)),
      this.reloadSeconds * 1000,
    );
    return this;
  }

  /** The catalogue the client gets (getModelOptions); the channels decide `offlineDemo` and `webSearchAvailable`. */
  modelCatalogue(serving: ServingFacts): ModelCatalogue {
    return modelCatalogueOf(this.current, serving);
  }

  async close(): Promise<void> {
    const poller = this.poller;
    this.poller = null;
    await poller?.stop();
    await this.checking?.catch(() => undefined);
  }
}

/** The server's catalogue: loaded from the database, checking for changes, serving prices. */
export async function createCatalogue(db: Kysely<Database>, options: CatalogueOptions = {}): Promise<Catalogue> {
  const catalogue = new Catalogue(new CatalogueRepository(db), options);
  await catalogue.reload();
  return catalogue.start();
}
