import { parseArgs } from 'node:util';
import type { AnnouncementItemChannel } from '../../db/schema.js';
import { announcementError } from './errors.js';
import type { ChannelRow } from './repository.js';
import { ITEM_CHANNELS, type Announcements } from './service.js';

export const ANNOUNCEMENTS_USAGE = `用法: pnpm ops announcements <命令>
  list                                  各频道的版本、弹出次数，以及每条公告（含编号）
  add --title 标题 --content 内容 [--channel notice|updates|promo] [--model 模型代码 | --route 链接] [--date YYYY-MM-DD] [--keep-version]
                                        新增一条（默认 notice，日期默认今天）；notice/updates 的版本 +1，
                                        浏览器会再次弹出（--keep-version 不变）；--model 打开该模型的对话页；
                                        promo 只有一行文字：只写 --title
  remove <编号> [--keep-version]        删除一条（notice/updates 的版本 +1，除非 --keep-version）
  version <notice|activity|updates> <n> [--max-shows N|none]
                                        设置弹窗版本和每个版本最多弹出次数（none 不限，updates 无次数）
  activity set --title 标题 --content 内容 [--link 链接] [--max-shows N|none]
                                        开始一个活动（版本 +1）
  activity off                          关闭活动横幅
  top set --text 文字 | top off         特殊布局的顶部横幅
  link set <api|domestic|international> <链接> | link remove <种类>
                                        通知底部的链接
链接只能是 http(s) 地址或以 / 开头的站内路径。`;

const OPTIONS = {
  title: { type: 'string' },
  content: { type: 'string' },
  channel: { type: 'string', default: 'notice' },
  model: { type: 'string' },
  route: { type: 'string' },
  date: { type: 'string' },
  'keep-version': { type: 'boolean', default: false },
  'max-shows': { type: 'string' },
  link: { type: 'string' },
  text: { type: 'string' },
} as const;

const CHANNEL_NAMES: Record<string, string> = { notice: '重要通知', activity: '活动横幅', updates: '更新通知', top: '顶部横幅', promo: '轮播推广' };

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === '') throw announcementError(`缺少参数：${what}`);
  return value;
}

function wholeNumber(textValue: string, what: string): number {
  if (!/^\d{1,10}$/.test(textValue)) throw announcementError(`${what}必须是非负整数：${textValue}`);
  return Number(textValue);
}

/** --max-shows: a number, `none` (no limit), or absent (unchanged). */
function maxShowsOf(textValue: string | undefined): number | null | undefined {
  if (textValue === undefined) return undefined;
  return textValue === 'none' ? null : wholeNumber(textValue, '--max-shows ');
}

const showsText = (maxShows: number | null) => (maxShows === null ? '不限' : `${maxShows} 次`);

function describeChannel(row: ChannelRow): string {
  const name = `${row.channel.padEnd(9)}${CHANNEL_NAMES[row.channel]}`;
  switch (row.channel) {
    case 'notice':
      return `${name}  版本 ${row.version}  每个版本最多弹出 ${showsText(row.max_shows)}`;
    case 'updates':
      return `${name}  版本 ${row.version}`;
    case 'activity':
      return row.active
        ? `${name}  版本 ${row.version}  每个版本最多弹出 ${showsText(row.max_shows)}  「${row.title}」 ${row.content}  链接 ${row.link ?? '-'}`
        : `${name}  版本 ${row.version}  已关闭`;
    case 'top':
      return row.active ? `${name}  「${row.title}」` : `${name}  已关闭`;
  }
}

function parse(args: string[]) {
  try {
    return parseArgs({ args, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    throw announcementError(`${(error as Error).message}\n${ANNOUNCEMENTS_USAGE}`);
  }
}

/** `pnpm ops announcements …`: reads and changes the announcements in the database the server uses. */
export async function runAnnouncementsCommand(announcements: Announcements, args: string[], print: (line: string) => void): Promise<void> {
  const { values, positionals } = parse(args);
  const [command, ...rest] = positionals;
  switch (command) {
    case 'list': {
      const { channels, items, links } = await announcements.overview();
      print('频道');
      for (const row of channels) print(`  ${describeChannel(row)}`);
      print('链接');
      for (const link of links) print(`  ${link.kind.padEnd(14)} ${link.url}`);
      if (!links.length) print('  （未设置）');
      print('公告（编号  频道  日期  标题  → 链接）');
      for (const item of items) print(`  #${String(item.id).padEnd(5)} ${item.channel.padEnd(8)} ${item.published_on}  ${item.title}${item.route_url ? `  → ${item.route_url}` : ''}`);
      if (!items.length) print('  （无）');
      return;
    }
    case 'add': {
      const channel = values.channel as AnnouncementItemChannel;
      if (!(ITEM_CHANNELS as readonly string[]).includes(channel)) throw announcementError(`--channel 只能是 ${ITEM_CHANNELS.join('、')}：${channel}`);
      const { id, version } = await announcements.addItem({
        channel,
        title: need(values.title, '--title'),
        content: channel === 'promo' ? values.content : need(values.content, '--content'),
        model: values.model,
        route: values.route,
        date: values.date,
        keepVersion: values['keep-version'],
      });
      print(`已添加 #${id}（${CHANNEL_NAMES[channel]}）${version === null ? '' : `，${channel} 版本现为 ${version}${values['keep-version'] ? '' : '，浏览器将再次显示'}`}`);
      return;
    }
    case 'remove': {
      const id = wholeNumber(need(rest[0], '编号'), '编号');
      const { item, version } = await announcements.removeItem(id, values['keep-version']);
      print(`已删除 #${id}（${CHANNEL_NAMES[item.channel]}「${item.title}」）${version === null ? '' : `，${item.channel} 版本现为 ${version}`}`);
      return;
    }
    case 'version': {
      const channel = need(rest[0], '频道');
      const row = await announcements.setVersion(channel, wholeNumber(need(rest[1], '版本'), '版本'), maxShowsOf(values['max-shows']));
      print(`已设置：${describeChannel(row)}`);
      return;
    }
    case 'activity': {
      const action = need(rest[0], 'set 或 off');
      if (action === 'off') return print(`已关闭：${describeChannel(await announcements.activityOff())}`);
      if (action !== 'set') throw announcementError(`activity 只有 set 和 off：${action}`);
      const row = await announcements.setActivity({ title: need(values.title, '--title'), content: need(values.content, '--content'), link: values.link, maxShows: maxShowsOf(values['max-shows']) });
      return print(`已开始活动：${describeChannel(row)}`);
    }
    case 'top': {
      const action = need(rest[0], 'set 或 off');
      if (action === 'off') return print(`已关闭：${describeChannel(await announcements.topOff())}`);
      if (action !== 'set') throw announcementError(`top 只有 set 和 off：${action}`);
      return print(`已设置：${describeChannel(await announcements.setTop(need(values.text, '--text')))}`);
    }
    case 'link': {
      const action = need(rest[0], 'set 或 remove');
      const kind = need(rest[1], '种类（api、domestic、international）');
      if (action === 'remove') {
        await announcements.removeLink(kind);
        return print(`已删除 ${kind} 链接`);
      }
      if (action !== 'set') throw announcementError(`link 只有 set 和 remove：${action}`);
      const link = await announcements.setLink(kind, need(rest[2], '链接'));
      return print(`已设置 ${link.kind} 链接：${link.url}`);
    }
    default:
      throw announcementError(`${command ? `未知命令：${command}\n` : ''}${ANNOUNCEMENTS_USAGE}`);
  }
}
