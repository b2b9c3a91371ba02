import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { OpsInputError } from '../module.js';
import { CatalogueEditor, type CatalogueChange } from './editor.js';
import { REQUIRED_FIELDS, type CatalogueEntry } from './entry.js';
import { MODEL_ICONS } from './icons.js';
import { priceTextOf } from './priceText.js';
import { CatalogueRepository } from './repository.js';
import { OFFLINE_ONLY, optionOf } from './snapshot.js';

export const CATALOGUE_USAGE = `用法: pnpm ops catalogue <命令>
  list                                  所有模型：id、名称、分组、价格，被修改或新增的标记
  show <id>                             一个模型生效的全部字段（JSON）及被修改的字段
  set <id> <字段> <值>                  修改一个字段；值按 JSON 解析（"文本"、9、true、[…]），
                                        不是合法 JSON 时按普通文本；icon 可写 https 地址或内置图标名：
                                        ${[...MODEL_ICONS.keys()].join(' ')}
  price <id> <价格规则 JSON>            修改价格，例如 '{"kind":"perRequest","points":600}'；
                                        kind: perRequest 每次 points / perMillionTokens 每百万 tokens
                                        input、output / perCharacter 每字 points
  add <id> <JSON>                       新增模型，至少含 ${REQUIRED_FIELDS.join('、')}
  reset <id>                            撤销修改，恢复内置配置（新增的模型则删除）
  export                                输出当前生效的完整目录（JSON）`;

export interface CatalogueCommandOptions {
  /** How often servers check for changes (what the confirmation says). */
  reloadSeconds: number;
  now?: Clock;
}

function need(value: string | undefined, what: string): string {
  if (!value) throw new OpsInputError(`缺少参数：${what}\n${CATALOGUE_USAGE}`);
  return value;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new OpsInputError(`${what}不是合法的 JSON：${(error as Error).message}`);
  }
}

/** `set` values: JSON when it parses ("文本", 9, true, […]), else the text itself. */
function looseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const brief = (value: unknown) => {
  const json = JSON.stringify(value) ?? '（无）';
  return json.length > 80 ? `${json.slice(0, 77)}…` : json;
};

function describeValue(entry: CatalogueEntry | undefined, field: keyof CatalogueEntry): string {
  if (!entry) return '（无）';
  return field === 'price' ? `${priceTextOf(entry.price)} ${JSON.stringify(entry.price)}` : brief(entry[field]);
}

function printChange(change: CatalogueChange, print: (line: string) => void): void {
  for (const field of change.changed) print(`  ${field}: ${describeValue(change.before, field)} → ${describeValue(change.after, field)}`);
}

const summary = (entry: CatalogueEntry) => `${entry.label}，${entry.modelType}，${priceTextOf(entry.price)}`;

/**
 * `pnpm ops catalogue …`: reads and changes the catalogue overrides in the database the server
 * uses (DATA_DIR / DATABASE_URL). Servers pick a change up at their next revision check.
 */
export async function runCatalogueCommand(db: Kysely<Database>, args: string[], print: (line: string) => void, options: CatalogueCommandOptions): Promise<void> {
  const editor = new CatalogueEditor(new CatalogueRepository(db), options.now ?? systemClock);
  const [command, id, ...rest] = args;
  const applies = `所有服务器将在 ${options.reloadSeconds} 秒内生效（每个实例每 ${options.reloadSeconds} 秒检查一次目录版本）`;

  switch (command) {
    case 'list': {
      const snapshot = await editor.snapshot();
      for (const entry of snapshot.entries) {
        const fields = snapshot.overridden.get(entry.id);
        const mark = snapshot.added.has(entry.id) ? '  [新增]' : fields ? `  [已修改: ${fields.join(', ')}]` : '';
        print(`${entry.id.padEnd(32)} ${entry.label}  ${entry.modelType}  ${priceTextOf(entry.price)}${mark}`);
      }
      print(`共 ${snapshot.entries.length} 个模型，目录版本 ${snapshot.version}（修订 ${snapshot.revision}）`);
      for (const { modelId, reason } of snapshot.rejected) print(`警告：${modelId} 的修改无效，服务器已忽略：${reason}`);
      return;
    }
    case 'show': {
      const modelId = need(id, 'id');
      const snapshot = await editor.snapshot();
      const entry = snapshot.byId.get(modelId);
      if (!entry) throw new OpsInputError(`未知的模型 ${modelId}`);
      const { modelprice, modelpriceTip } = optionOf(entry, OFFLINE_ONLY);
      print(JSON.stringify({ ...entry, modelprice, modelpriceTip }, null, 2));
      const fields = snapshot.overridden.get(modelId);
      print(snapshot.added.has(modelId) ? '来源：ops 新增' : fields ? `来源：内置，已修改 ${fields.join(', ')}` : '来源：内置，未修改');
      return;
    }
    case 'set': {
      const modelId = need(id, 'id');
      const field = need(rest[0], '字段');
      const change = await editor.set(modelId, field, looseValue(need(rest.slice(1).join(' '), '值')));
      print(`已修改 ${modelId}：`);
      printChange(change, print);
      print(applies);
      return;
    }
    case 'price': {
      const modelId = need(id, 'id');
      const change = await editor.set(modelId, 'price', parseJson(need(rest.join(' '), '价格规则 JSON'), '价格规则'));
      print(`已修改 ${modelId} 的价格：`);
      printChange(change, print);
      print(applies);
      return;
    }
    case 'add': {
      const modelId = need(id, 'id');
      const change = await editor.add(modelId, parseJson(need(rest.join(' '), 'JSON'), '新模型的内容'));
      print(`已新增模型 ${modelId}（${summary(change.after!)}）`);
      print(applies);
      return;
    }
    case 'reset': {
      const modelId = need(id, 'id');
      const change = await editor.reset(modelId);
      if (change.after) {
        print(`已恢复 ${modelId} 的内置配置：`);
        printChange(change, print);
      } else {
        print(`已删除新增的模型 ${modelId}（${summary(change.before!)}）`);
      }
      print(applies);
      return;
    }
    case 'export': {
      const snapshot = await editor.snapshot();
      print(JSON.stringify({ version: snapshot.version, revision: snapshot.revision, entries: snapshot.entries }, null, 2));
      return;
    }
    default:
      throw new OpsInputError(`${command ? `未知命令：${command}\n` : ''}${CATALOGUE_USAGE}`);
  }
}
