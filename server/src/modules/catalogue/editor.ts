import { isDeepStrictEqual } from 'node:util';
import type { Clock } from '../../clock.js';
import { completeEntry, REQUIRED_FIELDS, type CatalogueEntry } from './entry.js';
import { iconValue } from './icons.js';
import { MODELS } from './models.js';
import type { CatalogueRepository } from './repository.js';
import { COMPUTED_FIELDS, EDITABLE_FIELDS, MODEL_ID, validateEntry, type EditableField } from './schema.js';
import { buildSnapshot, parseFields, type CatalogueSnapshot } from './snapshot.js';
import { OpsInputError } from '../module.js';

export interface CatalogueChange {
  modelId: string;
  /** The effective entry before and after (undefined: did not exist / no longer exists). */
  before: CatalogueEntry | undefined;
  after: CatalogueEntry | undefined;
  /** Fields whose effective value changed. */
  changed: EditableField[];
}

const isEditable = (field: string): field is EditableField => (EDITABLE_FIELDS as readonly string[]).includes(field);
const computedFieldReason = (field: string): string | undefined => (Object.hasOwn(COMPUTED_FIELDS, field) ? COMPUTED_FIELDS[field] : undefined);

/**
 * The ops side of the catalogue: changes stored as overrides. Each change is validated against the
 * whole resulting entry before it is written, so what ops stores is always servable; the stored
 * override keeps only the fields that differ from the built-in entry (a field set back to its
 * built-in value drops out, and an override left empty is deleted).
 */
export class CatalogueEditor {
  private readonly builtIns: ReadonlyMap<string, CatalogueEntry>;

  constructor(
    private readonly repo: CatalogueRepository,
    private readonly now: Clock,
    builtIns: readonly CatalogueEntry[] = MODELS,
  ) {
    this.builtIns = new Map(builtIns.map((entry) => [entry.id, entry]));
  }

  /** The effective catalogue as the database holds it now (what servers will load). */
  async snapshot(): Promise<CatalogueSnapshot> {
    const { revision, overrides } = await this.repo.load();
    return buildSnapshot([...this.builtIns.values()], overrides, revision);
  }

  /** Sets one field of an existing entry. */
  async set(modelId: string, field: string, value: unknown): Promise<CatalogueChange> {
    const computed = computedFieldReason(field);
    if (computed) throw new OpsInputError(computed);
    if (!isEditable(field)) throw new OpsInputError(`未知字段 ${field}。可修改的字段：${EDITABLE_FIELDS.join('、')}`);
    return this.update(modelId, (entry) => ({ ...entry, [field]: field === 'icon' ? iconValue(value) : value }));
  }

  /** Adds a model the built-in data does not have; `input` needs at least REQUIRED_FIELDS. */
  async add(modelId: string, input: unknown): Promise<CatalogueChange> {
    if (!MODEL_ID.test(modelId)) throw new OpsInputError(`模型 id 无效：${modelId}（只能含字母、数字、点、下划线和连字符，以字母或数字开头，最长 80）`);
    if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new OpsInputError('新模型的内容必须是 JSON 对象');
    const fields = input as Record<string, unknown>;
    const wrong = Object.keys(fields).filter((key) => !isEditable(key));
    if (wrong.length) throw new OpsInputError(`未知字段 ${wrong.join('、')}。${wrong.map(computedFieldReason).filter(Boolean).join('；') || `可用字段：${EDITABLE_FIELDS.join('、')}`}`);
    const missing = REQUIRED_FIELDS.filter((key) => fields[key] === undefined);
    if (missing.length) throw new OpsInputError(`缺少必填字段：${missing.join('、')}`);
    const at = this.now().toISOString();
    return this.repo.change(at, async (trx) => {
      if (this.builtIns.has(modelId) || (await this.repo.override(trx, modelId))) throw new OpsInputError(`模型 ${modelId} 已存在，请用 set 或 price 修改`);
      const entry = this.validated(completeEntry(modelId, fields), modelId);
      await this.repo.write(trx, modelId, withoutId(entry), at);
      return { modelId, before: undefined, after: entry, changed: [...EDITABLE_FIELDS] };
    });
  }

  /** Removes the override: a built-in entry returns to its built-in data, an added entry is deleted. */
  async reset(modelId: string): Promise<CatalogueChange> {
    const at = this.now().toISOString();
    return this.repo.change(at, async (trx) => {
      const row = await this.repo.override(trx, modelId);
      const builtIn = this.builtIns.get(modelId);
      if (!row) throw new OpsInputError(builtIn ? `模型 ${modelId} 没有被修改过，无需恢复` : `未知的模型 ${modelId}`);
      const before = this.effective(modelId, builtIn, row.fields);
      await this.repo.remove(trx, modelId);
      return { modelId, before, after: builtIn, changed: differingFields(before, builtIn) };
    });
  }

  private async update(modelId: string, change: (entry: CatalogueEntry) => Record<string, unknown>): Promise<CatalogueChange> {
    const at = this.now().toISOString();
    return this.repo.change(at, async (trx) => {
      const row = await this.repo.override(trx, modelId);
      const builtIn = this.builtIns.get(modelId);
      const before = this.effective(modelId, builtIn, row?.fields);
      if (!before) throw new OpsInputError(`未知的模型 ${modelId}（新增模型请用 add）`);
      const after = this.validated(change(before), modelId);
      const changed = differingFields(before, after);
      if (changed.length === 0) throw new OpsInputError(`模型 ${modelId} 没有变化`);
      const stored = builtIn ? fieldsDiffering(after, builtIn) : withoutId(after);
      if (Object.keys(stored).length === 0) await this.repo.remove(trx, modelId);
      else await this.repo.write(trx, modelId, stored, at);
      return { modelId, before, after, changed };
    });
  }

  /** The entry as servers see it; an override that no longer validates counts as absent. */
  private effective(modelId: string, builtIn: CatalogueEntry | undefined, fieldsJson: string | undefined): CatalogueEntry | undefined {
    const fields = fieldsJson === undefined ? null : parseFields(fieldsJson);
    if (!fields) return builtIn;
    const result = validateEntry({ ...builtIn, ...fields, id: modelId });
    return result.ok ? result.entry : builtIn;
  }

  private validated(candidate: Record<string, unknown>, modelId: string): CatalogueEntry {
    const result = validateEntry(candidate);
    if (!result.ok) throw new OpsInputError(`修改被拒绝，模型 ${modelId} 将不合法：${result.reason}`);
    return result.entry;
  }
}

/** What an added entry stores: everything but the id (the row's key). */
function withoutId({ id: _id, ...fields }: CatalogueEntry): Record<string, unknown> {
  return fields;
}

function differingFields(a: CatalogueEntry | undefined, b: CatalogueEntry | undefined): EditableField[] {
  return EDITABLE_FIELDS.filter((field) => !isDeepStrictEqual(a?.[field], b?.[field]));
}

function fieldsDiffering(entry: CatalogueEntry, builtIn: CatalogueEntry): Record<string, unknown> {
  return Object.fromEntries(differingFields(entry, builtIn).map((field) => [field, entry[field]]));
}
