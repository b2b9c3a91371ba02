import fs from 'node:fs';
import { RESOURCE_FEEDBACK_LABELS } from '@qiming/contracts';
import { formatChinaDateTime, parseDay, chinaDayStart } from '../../chinaTime.js';
import type { Clock } from '../../clock.js';
import { parseOpsArgs } from '../../ops/options.js';
import type { BlobStore } from '../../storage/index.js';
import { OpsInputError, type Print } from '../module.js';
import { directoryProblems, type DirectoryFile } from './directoryFile.js';
import { iconBlobOf } from './icons.js';
import type { ItemRow, ResourcesRepository } from './repository.js';

export const RESOURCES_USAGE = `用法: pnpm ops resources <命令>
  export [file.json]                    输出整个资源目录（分类与条目，含已隐藏的条目）；给出文件名时写入该文件
  import <file.json>                    导入目录文件（格式同 export）：按 id 新增或修改分类和条目；
                                        整个文件检查通过才写入，有任何错误都不写入
  add --id <id> --name <名称> --url <网址> --category <分类id> [--description <一句话简介>]
      [--tags 标签1,标签2] [--order <序号>]
                                        新增一个条目（id 已存在时拒绝，请用 import 修改）
  hide <id>                             隐藏条目：资源页不再显示
  show <id>                             重新显示条目
  icon <id> <图片文件> | icon <id> --letter
                                        为条目设置图标（PNG/JPG/WEBP/SVG，不超过 256 KB）；--letter 恢复为字母图标
  feedback [--since YYYY-MM-DD] [--limit n]
                                        用户反馈，最新的在前（默认最近 50 条）`;

const ADD_OPTIONS = {
  id: { type: 'string' },
  name: { type: 'string' },
  url: { type: 'string' },
  category: { type: 'string' },
  description: { type: 'string' },
  tags: { type: 'string' },
  order: { type: 'string' },
} as const;
const FEEDBACK_OPTIONS = { since: { type: 'string' }, limit: { type: 'string', default: '50' } } as const;
const ICON_OPTIONS = { letter: { type: 'boolean', default: false } } as const;

export interface ResourcesCommandOptions {
  repo: ResourcesRepository;
  blobs: BlobStore;
  now: Clock;
}

/** The whole directory as a file (what export prints and import reads). */
export async function exportDirectory(repo: ResourcesRepository): Promise<DirectoryFile> {
  const categories = await repo.categories();
  const items = await repo.items({ includeHidden: true });
  return {
    categories: categories.map((row) => ({ id: row.id, name: row.name, icon: row.icon, parent: row.parent_id, order: row.sort })),
    items: items.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      url: row.url,
      category: row.category_id,
      tags: JSON.parse(row.tags) as string[],
      order: row.sort,
      hidden: row.hidden === 1,
    })),
  };
}

/** Checks a directory file against the schema and the categories in the database; all problems at once. */
export async function checkDirectory(repo: ResourcesRepository, json: unknown, source: string): Promise<DirectoryFile> {
  const parents = new Map((await repo.categories()).map((row) => [row.id, row.parent_id] as const));
  const { file, problems } = directoryProblems(json, { parents });
  if (!file) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n……另有 ${problems.length - shown.length} 处` : '';
    throw new OpsInputError(`${source} 有 ${problems.length} 处错误，没有写入任何内容：\n${shown.map((p) => `  ${p}`).join('\n')}${more}`);
  }
  return file;
}

function readFile(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new OpsInputError(`无法读取 ${file}：${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFile(file).toString('utf8'));
  } catch (error) {
    if (error instanceof OpsInputError) throw error;
    throw new OpsInputError(`${file} 不是合法的 JSON：${(error as Error).message}`);
  }
}

function need(value: string | undefined, what: string): string {
  if (!value) throw new OpsInputError(`缺少参数：${what}\n${RESOURCES_USAGE}`);
  return value;
}

function wholeNumber(value: string, option: string): number {
  if (!/^\d+$/.test(value)) throw new OpsInputError(`${option} 必须是不小于 0 的整数`);
  return Number(value);
}

const APPLIES = '所有服务器立即生效（资源目录存放在共享数据库中，每次请求读取）';

/** `pnpm ops resources …`: reads and changes the directory in the database the server uses. */
export async function runResourcesCommand(args: string[], print: Print, { repo, blobs, now }: ResourcesCommandOptions): Promise<void> {
  const [command, ...rest] = args;
  const at = () => now().toISOString();
  const item = async (id: string | undefined): Promise<ItemRow> => {
    const row = await repo.item(need(id, '条目 id'));
    if (!row) throw new OpsInputError(`没有 id 为 ${id} 的条目`);
    return row;
  };

  switch (command) {
    case 'export': {
      const [file, ...extra] = rest;
      if (extra.length) throw new OpsInputError(`多余的参数：${extra.join(' ')}`);
      const text = `${JSON.stringify(await exportDirectory(repo), null, 2)}\n`;
      if (!file) return print(text.trimEnd());
      try {
        fs.writeFileSync(file, text);
      } catch (error) {
        throw new OpsInputError(`无法写入 ${file}：${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
      const written = JSON.parse(text) as DirectoryFile;
      print(`已写入 ${file}：${written.categories.length} 个分类，${written.items.length} 个条目`);
      return;
    }
    case 'import': {
      const file = need(rest[0], 'file.json');
      const directory = await checkDirectory(repo, readJson(file), file);
      const written = await repo.apply(directory, at(), { onlyMissing: false });
      print(`已导入 ${file}：${written.categories} 个分类，${written.items} 个条目（新增或修改）`);
      print(APPLIES);
      return;
    }
    case 'add': {
      const { values, positionals } = parseOpsArgs(rest, ADD_OPTIONS);
      if (positionals.length) throw new OpsInputError(`多余的参数：${positionals.join(' ')}（值含空格时请加引号）`);
      const id = need(values.id, '--id');
      if (await repo.item(id)) throw new OpsInputError(`条目 ${id} 已存在，请用 import 修改`);
      const entry = {
        id,
        name: need(values.name, '--name'),
        url: need(values.url, '--url'),
        category: need(values.category, '--category'),
        description: values.description ?? '',
        tags: values.tags === undefined ? [] : values.tags.split(',').map((tag) => tag.trim()).filter(Boolean),
        order: values.order === undefined ? 0 : wholeNumber(values.order, '--order'),
      };
      const directory = await checkDirectory(repo, { items: [entry] }, '参数');
      await repo.apply(directory, at(), { onlyMissing: true });
      print(`已新增条目 ${id}（${entry.name}）`);
      print(APPLIES);
      return;
    }
    case 'hide':
    case 'show': {
      const row = await item(rest[0]);
      await repo.setHidden(row.id, command === 'hide', at());
      print(command === 'hide' ? `已隐藏 ${row.id}（${row.name}）：资源页不再显示` : `已重新显示 ${row.id}（${row.name}）`);
      return;
    }
    case 'icon': {
      const { values, positionals } = parseOpsArgs(rest, ICON_OPTIONS);
      const row = await item(positionals[0]);
      const file = positionals[1];
      if (values.letter === !!file || positionals.length > 2) throw new OpsInputError(`请给出一个图片文件，或者 --letter（二选一）\n${RESOURCES_USAGE}`);
      let key: string | null = null;
      if (file) {
        const bytes = readFile(file);
        let blob: { key: string; contentType: string };
        try {
          blob = iconBlobOf(row.id, file, bytes);
        } catch (error) {
          throw new OpsInputError((error as Error).message);
        }
        await blobs.put(blob.key, bytes, { contentType: blob.contentType });
        key = blob.key;
      }
      await repo.setIcon(row.id, key, at());
      if (row.icon_key && row.icon_key !== key) await blobs.delete(row.icon_key);
      print(key ? `已设置 ${row.id} 的图标` : `${row.id} 已恢复为字母图标`);
      return;
    }
    case 'feedback': {
      const { values, positionals } = parseOpsArgs(rest, FEEDBACK_OPTIONS);
      if (positionals.length) throw new OpsInputError(`多余的参数：${positionals.join(' ')}`);
      let since: string | null = null;
      if (values.since !== undefined) {
        const day = parseDay(values.since);
        if (!day) throw new OpsInputError(`--since 必须是 YYYY-MM-DD 格式的日期，收到 ${values.since}`);
        since = chinaDayStart(day).toISOString();
      }
      const limit = wholeNumber(values.limit, '--limit');
      if (limit < 1 || limit > 1000) throw new OpsInputError('--limit 必须在 1 到 1000 之间');
      const rows = await repo.feedback(since, limit);
      for (const row of rows) {
        const who = row.user_id ? `用户 ${row.user_id}` : `访客 ${row.visitor_key.replace(/^a:/, '')}`;
        print(`${formatChinaDateTime(new Date(row.created_at))}  ${RESOURCE_FEEDBACK_LABELS[row.kind]}  ${row.item_id}（${row.item_name ?? '已删除'}）  ${who}  ${row.ip}`);
        if (row.text) print(`    ${row.text.replace(/\s+/g, ' ')}`);
      }
      print(`共 ${rows.length} 条反馈${since ? `（${values.since} 起）` : ''}`);
      return;
    }
    default:
      throw new OpsInputError(`${command ? `未知命令：${command}\n` : ''}${RESOURCES_USAGE}`);
  }
}
