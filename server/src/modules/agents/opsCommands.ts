import fs from 'node:fs';
import { z } from 'zod';
import { AGENT_CATEGORIES } from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import { AppError } from '../../http/envelope.js';
import { parseOpsArgs } from '../../ops/options.js';
import { OpsInputError, type Print } from '../module.js';
import { builtInRow, draftOfSeed, seedColumns, SLUG, type BuiltInAgentSeed } from './builtIn/seed.js';
import type { AgentRow, AgentsRepository } from './repository.js';
import { checkDraft, type AgentRules } from './validation.js';

export const AGENTS_USAGE = `用法: pnpm ops agents <命令>
  list                                  所有内置应用：slug、名称、分类、模型、使用次数，隐藏和被修改的标记
  show <slug>                           一个内置应用的全部内容（JSON，与 add 的文件格式相同）
  add <file.json>                       新增内置应用，文件格式同 show 的输出（slug、kind1、appName、description、
                                        mannulModel、systemPrompt、questions[4]、en{appName,description,questions[4]}，
                                        可选 mcps、hongScene）
  set <slug> --字段 值 …                修改字段：--app-name --description --system-prompt --mannul-model --kind1
                                        --question1…--question4 --hong-scene --mcps a,b --en-app-name
                                        --en-description --en-question1…--en-question4；修改后启动时的种子数据不再覆盖它
  hide <slug>                           从广场下架，也不能再用于新对话
  unhide <slug>                         重新上架
  reset <slug>                          撤销 ops 的修改，恢复为代码中的种子数据（仅限代码中有的应用）
  export                                输出所有内置应用（JSON 数组）
分类 kind1：${AGENT_CATEGORIES.join(' ')}`;

const SET_OPTIONS = {
  'app-name': { type: 'string' },
  description: { type: 'string' },
  'system-prompt': { type: 'string' },
  'mannul-model': { type: 'string' },
  kind1: { type: 'string' },
  question1: { type: 'string' },
  question2: { type: 'string' },
  question3: { type: 'string' },
  question4: { type: 'string' },
  'hong-scene': { type: 'string' },
  mcps: { type: 'string' },
  'en-app-name': { type: 'string' },
  'en-description': { type: 'string' },
  'en-question1': { type: 'string' },
  'en-question2': { type: 'string' },
  'en-question3': { type: 'string' },
  'en-question4': { type: 'string' },
} as const;

const Questions = z.tuple([z.string(), z.string(), z.string(), z.string()]);
const SeedSchema = z.strictObject({
  slug: z.string().regex(SLUG, 'slug 只能是 2–40 个小写字母、数字或 -，且不能以 user-c- 开头'),
  kind1: z.enum(AGENT_CATEGORIES),
  appName: z.string(),
  description: z.string(),
  mannulModel: z.string(),
  systemPrompt: z.string(),
  questions: Questions,
  mcps: z.array(z.string()).optional(),
  hongScene: z.string().optional(),
  en: z.strictObject({ appName: z.string().min(1), description: z.string(), questions: Questions }),
});

export interface AgentsCommandOptions {
  repo: AgentsRepository;
  /** The rules of the API, for built-in apps (no uploads: their icon is the slug's file). */
  rules: AgentRules;
  /** The seeds in the code (for reset). */
  seeds: readonly BuiltInAgentSeed[];
  now: Clock;
}

/** A built-in app as its seed (what show and export print and add reads). */
export function seedOfRow(row: AgentRow): BuiltInAgentSeed {
  const mcps = JSON.parse(row.mcps) as string[];
  return {
    slug: row.slug!,
    kind1: row.kind1,
    appName: row.app_name,
    description: row.description,
    mannulModel: row.mannul_model ?? '',
    systemPrompt: row.system_prompt,
    questions: [row.question1, row.question2, row.question3, row.question4],
    ...(mcps.length ? { mcps } : {}),
    ...(row.hong_scene ? { hongScene: row.hong_scene } : {}),
    en: {
      appName: row.en_app_name ?? row.app_name,
      description: row.en_description ?? row.description,
      questions: row.en_questions ? (JSON.parse(row.en_questions) as BuiltInAgentSeed['questions']) : [row.question1, row.question2, row.question3, row.question4],
    },
  };
}

/** The rules of the API applied to a seed; a refusal is the operator's mistake, in the API's words. */
export async function checkSeed(seed: BuiltInAgentSeed, rules: AgentRules): Promise<void> {
  try {
    await checkDraft(draftOfSeed(seed), rules);
  } catch (error) {
    if (error instanceof AppError) throw new OpsInputError(`${seed.slug}：${error.message}`);
    throw error;
  }
}

function need(value: string | undefined, what: string): string {
  if (!value) throw new OpsInputError(`缺少参数：${what}\n${AGENTS_USAGE}`);
  return value;
}

function parseSeed(text: string, file: string): BuiltInAgentSeed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new OpsInputError(`${file} 不是合法的 JSON：${(error as Error).message}`);
  }
  const parsed = SeedSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new OpsInputError(`${file} 的内容不正确：${issue.path.join('.') || '（整体）'} ${issue.message}`);
  }
  return parsed.data as BuiltInAgentSeed;
}

/** The seed with the `set` options applied. */
function withOptions(seed: BuiltInAgentSeed, values: Partial<Record<keyof typeof SET_OPTIONS, string>>): BuiltInAgentSeed {
  const questions = (prefix: '' | 'en-', current: BuiltInAgentSeed['questions']) =>
    current.map((question, i) => values[`${prefix}question${i + 1}` as keyof typeof SET_OPTIONS] ?? question) as BuiltInAgentSeed['questions'];
  const next: BuiltInAgentSeed = {
    ...seed,
    appName: values['app-name'] ?? seed.appName,
    description: values.description ?? seed.description,
    systemPrompt: values['system-prompt'] ?? seed.systemPrompt,
    mannulModel: values['mannul-model'] ?? seed.mannulModel,
    kind1: (values.kind1 ?? seed.kind1) as BuiltInAgentSeed['kind1'],
    questions: questions('', seed.questions),
    en: { appName: values['en-app-name'] ?? seed.en.appName, description: values['en-description'] ?? seed.en.description, questions: questions('en-', seed.en.questions) },
  };
  if (values.mcps !== undefined) next.mcps = values.mcps.split(',').map((name) => name.trim()).filter(Boolean);
  if (values['hong-scene'] !== undefined) {
    if (values['hong-scene']) next.hongScene = values['hong-scene'];
    else delete next.hongScene;
  }
  return next;
}

const line = (row: AgentRow) =>
  `${row.slug!.padEnd(28)} ${row.app_name}  ${row.kind1}  ${row.mannul_model ?? '-'}  使用 ${row.uses} 次${row.hidden ? '  [已隐藏]' : ''}${row.ops_edited ? '  [ops 已修改]' : ''}`;
const APPLIES = '所有服务器立即生效（内置应用存放在共享数据库中，每次请求读取）';

/**
 * `pnpm ops agents …`: reads and changes the built-in apps in the database the server uses. A
 * changed row is marked ops-edited, so the seed in the code no longer overwrites it at startup.
 */
export async function runAgentsCommand(args: string[], print: Print, options: AgentsCommandOptions): Promise<void> {
  const { repo, rules } = options;
  const [command, target, ...rest] = args;
  const builtIn = async (slug: string | undefined) => {
    const row = await repo.findBySlug(need(slug, 'slug'));
    if (!row) throw new OpsInputError(`没有 slug 为 ${slug} 的内置应用`);
    return row;
  };
  const at = () => options.now().toISOString();

  switch (command) {
    case 'list': {
      const rows = await repo.builtIns();
      for (const row of rows) print(line(row));
      print(`共 ${rows.length} 个内置应用`);
      return;
    }
    case 'show': {
      const row = await builtIn(target);
      print(JSON.stringify(seedOfRow(row), null, 2));
      print(`${row.hidden ? '已隐藏' : '已上架'}，${row.ops_edited ? 'ops 已修改（种子数据不再覆盖）' : '与代码中的种子数据一致'}，使用 ${row.uses} 次`);
      return;
    }
    case 'add': {
      const file = need(target, 'file.json');
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (error) {
        throw new OpsInputError(`无法读取 ${file}：${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
      const seed = parseSeed(text, file);
      if (await repo.findBySlug(seed.slug)) throw new OpsInputError(`slug ${seed.slug} 已存在，请用 set 修改`);
      await checkSeed(seed, rules);
      await repo.insert(builtInRow(seed, at(), 1));
      print(`已新增内置应用 ${seed.slug}（${seed.appName}）`);
      print(APPLIES);
      return;
    }
    case 'set': {
      const row = await builtIn(target);
      const { values, positionals } = parseOpsArgs(rest, SET_OPTIONS);
      if (positionals.length > 0) throw new OpsInputError(`多余的参数：${positionals.join(' ')}（值含空格时请加引号）`);
      if (Object.keys(values).length === 0) throw new OpsInputError(`没有要修改的字段\n${AGENTS_USAGE}`);
      const seed = withOptions(seedOfRow(row), values);
      if (!(AGENT_CATEGORIES as readonly string[]).includes(seed.kind1)) throw new OpsInputError(`未知的分类：${seed.kind1}（可选：${AGENT_CATEGORIES.join(' ')}）`);
      await checkSeed(seed, rules);
      await repo.update(row.id, { ...seedColumns(seed), seed_hash: row.seed_hash, ops_edited: 1, updated_at: at() });
      print(`已修改 ${row.slug}：${Object.keys(values).join(', ')}`);
      print(APPLIES);
      return;
    }
    case 'hide':
    case 'unhide': {
      const row = await builtIn(target);
      await repo.update(row.id, { hidden: command === 'hide' ? 1 : 0, updated_at: at() });
      print(command === 'hide' ? `已隐藏 ${row.slug}：广场不再显示，也不能用于新对话` : `已重新上架 ${row.slug}`);
      return;
    }
    case 'reset': {
      const row = await builtIn(target);
      const seed = options.seeds.find((s) => s.slug === row.slug);
      if (!seed) throw new OpsInputError(`${row.slug} 是 ops 新增的应用，代码中没有它的种子数据`);
      await repo.update(row.id, { ...seedColumns(seed), ops_edited: 0, updated_at: at() });
      print(`已恢复 ${row.slug} 为代码中的种子数据`);
      return;
    }
    case 'export': {
      print(JSON.stringify((await repo.builtIns()).map(seedOfRow), null, 2));
      return;
    }
    default:
      throw new OpsInputError(`${command ? `未知命令：${command}\n` : ''}${AGENTS_USAGE}`);
  }
}
