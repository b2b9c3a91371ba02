import { createHash } from 'node:crypto';
import type { ModelCatalogue, ModelOption } from '@qiming/contracts';
import type { CatalogueEntry } from './entry.js';
import { priceTextOf, priceTipOf } from './priceText.js';
import { validateEntry } from './schema.js';

/** One stored override: the fields ops changed (JSON object), or a whole entry ops added. */
export interface OverrideRecord {
  modelId: string;
  fields: string;
  updatedAt: string;
}

/** An override the snapshot left out, and why (the server logs it; the ops list shows it). */
export interface RejectedOverride {
  modelId: string;
  reason: string;
}

/** The effective catalogue at one moment: built-in entries with the overrides applied. Immutable. */
export interface CatalogueSnapshot {
  /** The database revision it was built from (0 before any change). */
  revision: number;
  /** A hash of the effective entries: changes whenever anything served or charged changes. */
  version: string;
  /** In display order: built-in order, then added entries by id. */
  entries: readonly CatalogueEntry[];
  byId: ReadonlyMap<string, CatalogueEntry>;
  /** Ids whose entry differs from the built-in data, and the fields ops set. */
  overridden: ReadonlyMap<string, readonly string[]>;
  /** Ids that exist only through ops. */
  added: ReadonlySet<string>;
  rejected: readonly RejectedOverride[];
}

export function parseFields(json: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Applies the overrides to the built-in entries. Every resulting entry is validated: an override
 * that makes its entry invalid (written by hand, or left behind by a change of the built-in data)
 * is left out and reported, and the built-in entry stays, so a bad row never breaks a running server.
 */
export function buildSnapshot(builtIns: readonly CatalogueEntry[], overrides: readonly OverrideRecord[], revision: number): CatalogueSnapshot {
  const builtInIds = new Set(builtIns.map((entry) => entry.id));
  const rows = new Map(overrides.map((row) => [row.modelId, row]));
  const rejected: RejectedOverride[] = [];
  const overridden = new Map<string, string[]>();
  const added = new Set<string>();

  const apply = (id: string, base: CatalogueEntry | undefined): CatalogueEntry | undefined => {
    const row = rows.get(id);
    if (!row) return base;
    const fields = parseFields(row.fields);
    if (!fields) {
      rejected.push({ modelId: id, reason: '覆盖内容不是 JSON 对象' });
      return base;
    }
    const result = validateEntry({ ...base, ...fields, id });
    if (!result.ok) {
      rejected.push({ modelId: id, reason: result.reason });
      return base;
    }
    if (base) overridden.set(id, Object.keys(fields).sort());
    else added.add(id);
    return result.entry;
  };

  const entries: CatalogueEntry[] = [];
  for (const builtIn of builtIns) {
    const checked = validateEntry(builtIn);
    if (!checked.ok) {
      rejected.push({ modelId: builtIn.id, reason: `内置数据无效：${checked.reason}` });
      continue;
    }
    entries.push(apply(builtIn.id, checked.entry)!);
  }
  for (const id of [...rows.keys()].filter((id) => !builtInIds.has(id)).sort()) {
    const entry = apply(id, undefined);
    if (entry) entries.push(entry);
  }

  return {
    revision,
    version: createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16),
    entries,
    byId: new Map(entries.map((entry) => [entry.id, entry])),
    overridden,
    added,
    rejected,
  };
}

/** The model picker's view of one entry (spec chat §3 "Model option"). */
export function optionOf(entry: CatalogueEntry, serving: ServingFacts): ModelOption {
  const { id, price, priceNote, note: _note, ...shown } = entry;
  return { value: id, ...shown, modelprice: priceTextOf(price), modelpriceTip: priceTipOf(price, priceNote), offlineDemo: !serving.hasRealChannel(id), webSearchAvailable: serving.webSearchAvailable(id) };
}

/** What the chat gateway's channels say about serving a model (the channel router implements it). */
export interface ServingFacts {
  /** A real upstream serves the model; otherwise it answers as 离线演示. */
  hasRealChannel(modelId: string): boolean;
  /** The 联网搜索 switch can run for the model. */
  webSearchAvailable(modelId: string): boolean;
}

/** No channel configured: every model is the offline model's, which imitates search. */
export const OFFLINE_ONLY: ServingFacts = { hasRealChannel: () => false, webSearchAvailable: () => true };

/**
 * What GET getModelOptions serves: the options in display order and the three id lists. The
 * version covers the offline-demo flags too, since they change with the channels, not the entries.
 */
export function modelCatalogueOf(snapshot: CatalogueSnapshot, serving: ServingFacts): ModelCatalogue {
  const options = snapshot.entries.map((entry) => optionOf(entry, serving));
  const demoFlags = options.map((option) => `${option.offlineDemo ? '1' : '0'}${option.webSearchAvailable ? '1' : '0'}`).join('');
  return {
    options,
    optionsOrigion: options.map((option) => option.value),
    canUploadFileModels: options.filter((option) => option.canUpload).map((option) => option.value),
    textOptions: options.filter((option) => option.textOnly).map((option) => option.value),
    version: createHash('sha256').update(`${snapshot.version}:${demoFlags}`).digest('hex').slice(0, 16),
  };
}
