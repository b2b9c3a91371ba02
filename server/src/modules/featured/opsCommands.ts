import { parseOpsArgs } from '../../ops/options.js';
import { OpsInputError, type Print } from '../module.js';
import type { FeaturedService } from './service.js';

export const FEATURED_USAGE = `用法: pnpm ops featured <命令>
  list                                       精选对话（顺序、分享编号、标题、是否仍公开）
  add <分享编号|分享链接> [--title 标题] [--order N]
                                             加入精选（只能是公开的分享）；已在精选中则修改给出的标题、顺序；
                                             顺序小的在前（默认 0），相同顺序新加入的在前
  remove <分享编号|分享链接>                 移出精选
分享被取消或对话被删除后，它不再显示在精选对话页（删除对话时精选记录一并删除）。`;

const OPTIONS = {
  title: { type: 'string' },
  order: { type: 'string' },
} as const;

function orderOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,6}$/.test(text)) throw new OpsInputError(`--order 必须是非负整数：${text}`);
  return Number(text);
}

function need(value: string | undefined, what: string): string {
  if (!value) throw new OpsInputError(`缺少参数：${what}\n${FEATURED_USAGE}`);
  return value;
}

/** `pnpm ops featured …`: the featured conversations in the database the server uses. */
export async function runFeaturedCommand(featured: FeaturedService, argv: string[], print: Print): Promise<void> {
  const { values, positionals } = parseOpsArgs(argv, OPTIONS);
  const [command, reference] = positionals;
  switch (command) {
    case 'list': {
      const entries = await featured.entries();
      print('顺序  分享编号                              标题  状态');
      for (const { row, shared } of entries) {
        print(`${String(row.sort_order).padEnd(5)} ${row.conv_group_id.padEnd(37)} ${row.title ?? shared?.title ?? '（原标题）'}  ${shared ? `公开 /friendsLinkPage/${row.conv_group_id}` : '已取消分享（不显示）'}`);
      }
      if (!entries.length) print('（无）');
      return;
    }
    case 'add': {
      const { row, shared, added } = await featured.add(need(reference, '分享编号或分享链接'), { title: values.title, order: orderOf(values.order) });
      print(`${added ? '已加入精选' : '已修改精选'}：${row.conv_group_id}「${row.title ?? shared.title}」 顺序 ${row.sort_order}`);
      return;
    }
    case 'remove': {
      const id = need(reference, '分享编号或分享链接');
      await featured.remove(id);
      print(`已移出精选：${id}`);
      return;
    }
    default:
      throw new OpsInputError(`${command ? `未知命令：${command}\n` : ''}${FEATURED_USAGE}`);
  }
}
