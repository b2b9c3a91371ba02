import { z } from 'zod';
import { RESOURCE_LIMITS } from '@qiming/contracts';

/**
 * The directory as a file: what the seed is written in, `pnpm ops resources export` prints and
 * `import` reads. Ids are stable slugs so a file can be edited and imported again.
 */
export const RESOURCE_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const ID_RULE = 'id 只能是 1–40 个小写字母、数字或 -，且以字母或数字开头';

const length = (what: string, max: number) => z.string({ error: `${what}必须是文字` }).trim().min(1, `${what}不能为空`).max(max, `${what}不能超过${max}个字`);
const Id = z.string({ error: '缺少 id' }).regex(RESOURCE_ID, ID_RULE);
const Order = z.number({ error: 'order 必须是整数' }).int('order 必须是整数').min(0, 'order 不能为负数').max(100000, 'order 不能超过 100000');

/** An absolute http(s) address. */
export const WebAddress = z
  .string({ error: '缺少 url' })
  .trim()
  .max(RESOURCE_LIMITS.url, `url 不能超过${RESOURCE_LIMITS.url}个字符`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !!url.hostname && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'url 必须是以 http:// 或 https:// 开头的完整网址');

export const CategoryEntry = z.strictObject({
  id: Id,
  name: length('分类名称', 20),
  icon: z.string().max(8, '图标只能是一个表情符号').default(''),
  parent: Id.nullable().default(null),
  order: Order.default(0),
});

export const ItemEntry = z.strictObject({
  id: Id,
  name: length('名称', RESOURCE_LIMITS.itemName),
  description: length('简介', RESOURCE_LIMITS.description),
  url: WebAddress,
  category: Id,
  tags: z.array(length('标签', RESOURCE_LIMITS.tag)).max(RESOURCE_LIMITS.tags, `标签最多${RESOURCE_LIMITS.tags}个`).default([]),
  order: Order.default(0),
  hidden: z.boolean({ error: 'hidden 必须是 true 或 false' }).default(false),
});

export const DirectoryFile = z.strictObject({
  categories: z.array(CategoryEntry).default([]),
  items: z.array(ItemEntry).default([]),
});

export type CategoryEntry = z.output<typeof CategoryEntry>;
export type ItemEntry = z.output<typeof ItemEntry>;
export type DirectoryFile = z.output<typeof DirectoryFile>;
export type DirectoryFileInput = z.input<typeof DirectoryFile>;

/** Where the names of existing categories come from when a file refers to them. */
export interface KnownCategories {
  /** id → parent id (null: top level). */
  parents: Map<string, string | null>;
}

/**
 * Every problem of a directory file, in Chinese, each naming its place (`items[3].url`, an id):
 * the schema's, then duplicates and references (a parent must be a top-level category, an item's
 * category must exist — in the file or already in the database). Empty when the file can be applied.
 */
export function directoryProblems(json: unknown, known: KnownCategories): { file: DirectoryFile | null; problems: string[] } {
  const parsed = DirectoryFile.safeParse(json);
  if (!parsed.success) {
    return { file: null, problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '（整体）'}：${issue.message}`) };
  }
  const file = parsed.data;
  const problems: string[] = [];
  const parents = new Map(known.parents);
  const seen = new Set<string>();
  file.categories.forEach((category, index) => {
    if (seen.has(category.id)) problems.push(`categories[${index}]：分类 id ${category.id} 重复`);
    seen.add(category.id);
    parents.set(category.id, category.parent);
  });
  file.categories.forEach((category, index) => {
    if (category.parent === null) return;
    if (category.parent === category.id) problems.push(`categories[${index}]：分类 ${category.id} 不能是自己的上级`);
    else if (!parents.has(category.parent)) problems.push(`categories[${index}]：上级分类 ${category.parent} 不存在`);
    else if (parents.get(category.parent) !== null) problems.push(`categories[${index}]：上级分类 ${category.parent} 本身是子分类（只支持两级）`);
  });
  // A category that became a sub-category may not keep sub-categories of its own.
  for (const [id, parent] of parents) {
    if (parent !== null && parents.get(parent) === null && [...parents.values()].includes(id)) problems.push(`分类 ${id} 有子分类，不能再放到 ${parent} 下面`);
  }
  const items = new Set<string>();
  file.items.forEach((item, index) => {
    if (items.has(item.id)) problems.push(`items[${index}]：条目 id ${item.id} 重复`);
    items.add(item.id);
    if (!parents.has(item.category)) problems.push(`items[${index}]（${item.id}）：分类 ${item.category} 不存在`);
  });
  return { file: problems.length ? null : file, problems };
}
