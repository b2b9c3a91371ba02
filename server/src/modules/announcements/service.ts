import type { Announcement, AnnouncementsPayload, SiteEdition, SiteLink, SiteLinkKind } from '@qiming/contracts';
import { chinaDay, parseDay } from '../../chinaTime.js';
import type { Clock } from '../../clock.js';
import type { AnnouncementChannelName, AnnouncementItemChannel } from '../../db/schema.js';
import { announcementError } from './errors.js';
import { chatRoute, isSafeLink, safeLink } from './links.js';
import type { AnnouncementsRepository, ChannelRow, ItemRow, LinkRow } from './repository.js';
import { announcementSeeds, type SeedFacts, type SeedItem } from './seeds/index.js';

/** Dated items the notice modal and the update card show at most. */
export const MAX_LISTED_ITEMS = 20;
export const ITEM_CHANNELS = ['notice', 'updates', 'promo'] as const satisfies readonly AnnouncementItemChannel[];
/** The channels whose popup a version and a show limit govern. */
export const VERSIONED_CHANNELS = ['notice', 'activity', 'updates'] as const satisfies readonly AnnouncementChannelName[];
export const LINK_KINDS = ['api', 'domestic', 'international'] as const satisfies readonly SiteLinkKind[];
const LIMITS = { title: 100, content: 2000, promo: 100, top: 100, version: 1_000_000_000, maxShows: 1000 };

export interface NewItemInput {
  channel: AnnouncementItemChannel;
  title: string;
  /** notice / updates only; a promo is its title. */
  content?: string;
  /** A catalogue model code: 立即体验 opens the chat on it. */
  model?: string;
  route?: string;
  /** YYYY-MM-DD; today in China when absent. */
  date?: string;
  /** Leave the channel's version, so browsers that closed the popup do not see it again. */
  keepVersion?: boolean;
}

export interface ActivityInput {
  title: string;
  content: string;
  link?: string;
  maxShows?: number | null;
}

export interface AnnouncementsOverview {
  channels: ChannelRow[];
  items: ItemRow[];
  links: LinkRow[];
}

const hasVersion = (channel: AnnouncementItemChannel) => channel !== 'promo';

function text(value: string | undefined, what: string, max: number): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) throw announcementError(`${what}不能为空`);
  if (trimmed.length > max) throw announcementError(`${what}不能超过 ${max} 个字符（现在 ${trimmed.length} 个）`);
  return trimmed;
}

function wholeNumber(value: number, what: string, max: number): number {
  if (!Number.isInteger(value) || value < 0 || value > max) throw announcementError(`${what}必须是 0 到 ${max} 的整数`);
  return value;
}

function day(value: string): string {
  if (parseDay(value) === null) {
    throw announcementError(`日期必须是 YYYY-MM-DD 格式的有效日期：${value}`);
  }
  return value;
}

function toAnnouncement(row: ItemRow): Announcement {
  return { id: row.id, title: row.title, content: row.content, updateTime: row.published_on, routeUrl: row.route_url };
}

/**
 * The host shell's announcements (spec platform §2, §4): the 重要通知 modal, the activity banner,
 * the update card, the rotating promos, the special layout's top banner and the modal's links.
 * Changed by ops (`pnpm ops announcements`); a new item raises its popup's version, so browsers
 * that stored the old version show the popup again.
 */
export class Announcements {
  constructor(
    private readonly repo: AnnouncementsRepository,
    /** Whether a model code exists in the catalogue (`--model` is refused otherwise). */
    private readonly modelExists: (code: string) => boolean | Promise<boolean>,
    private readonly now: Clock,
  ) {}

  /** Writes the edition's first announcements when there are none yet; true when this call wrote them. */
  async ensureSeeded(edition: SiteEdition, facts: SeedFacts & { apiSiteUrl: string }): Promise<boolean> {
    if (await this.repo.isSeeded()) return false;
    const seeds = announcementSeeds(edition, facts);
    const at = this.now().toISOString();
    const channel = (name: AnnouncementChannelName, fields: Partial<ChannelRow>): ChannelRow => ({
      channel: name,
      version: 1,
      max_shows: null,
      active: 1,
      title: '',
      content: '',
      link: null,
      updated_at: at,
      ...fields,
    });
    const item = (name: AnnouncementItemChannel, seed: SeedItem) => ({
      channel: name,
      title: seed.title,
      content: seed.content,
      route_url: seed.model ? chatRoute(seed.model) : (seed.route ?? null),
      published_on: seed.date,
      created_at: at,
    });
    const today = chinaDay(this.now());
    return this.repo.seed(
      [
        channel('notice', { version: seeds.notice.version, max_shows: seeds.notice.maxShows }),
        channel('activity', { version: seeds.activity.version, max_shows: seeds.activity.maxShows, title: seeds.activity.title, content: seeds.activity.content, link: seeds.activity.link }),
        channel('updates', { version: seeds.updates.version }),
        channel('top', { title: seeds.top.text }),
      ],
      [
        ...seeds.notice.items.map((seed) => item('notice', seed)),
        ...seeds.updates.items.map((seed) => item('updates', seed)),
        ...seeds.promos.map((promo) => ({ channel: 'promo' as const, title: promo.text, content: '', route_url: promo.link, published_on: today, created_at: at })),
      ],
      // Only a followable API_SITE_URL becomes the footer link (/api itself follows the registry's apiSite).
      isSafeLink(facts.apiSiteUrl) ? [{ kind: 'api', url: facts.apiSiteUrl.trim(), updated_at: at }] : [],
    );
  }

  /**
   * The footer's API link from `API_SITE_URL` when none is set: also on a database seeded before
   * the variable was (the seed runs once). A link ops set or changed stays as it is.
   */
  async ensureApiLink(apiSiteUrl: string): Promise<boolean> {
    if (!isSafeLink(apiSiteUrl)) return false;
    if ((await this.repo.links()).some((link) => link.kind === 'api')) return false;
    await this.repo.setLink('api', apiSiteUrl.trim());
    return true;
  }

  /** What GET /app-api/platform/announcements answers. */
  async payload(): Promise<AnnouncementsPayload> {
    const [channels, notice, updates, promos, links] = await Promise.all([
      this.repo.channels(),
      this.repo.items('notice', MAX_LISTED_ITEMS),
      this.repo.items('updates', MAX_LISTED_ITEMS),
      this.repo.items('promo'),
      this.repo.links(),
    ]);
    const channel = (name: AnnouncementChannelName) => channels.find((c) => c.channel === name);
    const noticeChannel = channel('notice');
    const activity = channel('activity');
    const top = channel('top');
    return {
      notice: { version: noticeChannel?.version ?? 0, maxShows: noticeChannel?.max_shows ?? null, items: notice.map(toAnnouncement) },
      activity: activity?.active ? { version: activity.version, maxShows: activity.max_shows, title: activity.title, content: activity.content, link: activity.link } : null,
      updates: { version: channel('updates')?.version ?? 0, items: updates.map(toAnnouncement) },
      promos: promos.map((row) => ({ id: row.id, text: row.title, link: row.route_url })),
      topBanner: top?.active ? { text: top.title } : null,
      links: sortLinks(links).map((row): SiteLink => ({ kind: row.kind, url: row.url })),
    };
  }

  /** Every channel and every item (no limit), for the operator. */
  async overview(): Promise<AnnouncementsOverview> {
    const [channels, links, ...items] = await Promise.all([this.repo.channels(), this.repo.links(), ...ITEM_CHANNELS.map((c) => this.repo.items(c))]);
    const order = (row: ChannelRow) => ['notice', 'activity', 'updates', 'top'].indexOf(row.channel);
    return { channels: channels.sort((a, b) => order(a) - order(b)), items: items.flat(), links: sortLinks(links) };
  }

  /** Adds an item; for notice and updates the channel's version goes up unless `keepVersion`. */
  async addItem(input: NewItemInput): Promise<{ id: number; version: number | null }> {
    if (!(ITEM_CHANNELS as readonly string[]).includes(input.channel)) throw announcementError(`频道只能是 ${ITEM_CHANNELS.join('、')}：${input.channel}`);
    const promo = input.channel === 'promo';
    if (promo && input.content !== undefined) throw announcementError('promo 只有一行文字，请只用 --title');
    if (input.model !== undefined && input.route !== undefined) throw announcementError('--model 和 --route 只能选一个');
    const route = await this.routeOf(input);
    const { id, channel } = await this.repo.addItem(
      {
        channel: input.channel,
        title: text(input.title, promo ? '文字' : '标题', promo ? LIMITS.promo : LIMITS.title),
        content: promo ? '' : text(input.content, '内容', LIMITS.content),
        route_url: route,
        published_on: input.date === undefined ? chinaDay(this.now()) : day(input.date),
        created_at: this.now().toISOString(),
      },
      hasVersion(input.channel) && !input.keepVersion,
    );
    return { id, version: channel?.version ?? null };
  }

  /** Removes an item; for notice and updates the channel's version goes up unless `keepVersion`. */
  async removeItem(id: number, keepVersion = false): Promise<{ item: ItemRow; version: number | null }> {
    const removed = await this.repo.removeItem(id, (item) => hasVersion(item.channel) && !keepVersion);
    if (!removed) throw announcementError(`没有编号为 ${id} 的公告`);
    return { item: removed.item, version: removed.channel?.version ?? null };
  }

  /** Sets a popup's version, and its show limit when given (null: until the user closes it). */
  async setVersion(channel: string, version: number, maxShows?: number | null): Promise<ChannelRow> {
    if (!(VERSIONED_CHANNELS as readonly string[]).includes(channel)) throw announcementError(`只有 ${VERSIONED_CHANNELS.join('、')} 有版本：${channel}`);
    if (channel === 'updates' && maxShows !== undefined) throw announcementError('updates 没有弹出次数（只显示未读标记），不能设置 --max-shows');
    return this.change(channel as AnnouncementChannelName, {
      version: wholeNumber(version, '版本', LIMITS.version),
      ...(maxShows === undefined ? {} : { max_shows: maxShows === null ? null : wholeNumber(maxShows, '弹出次数', LIMITS.maxShows) }),
    });
  }

  /** Starts an activity: its version goes up so every browser shows the new banner. */
  async setActivity(input: ActivityInput): Promise<ChannelRow> {
    return this.change(
      'activity',
      {
        active: 1,
        title: text(input.title, '标题', LIMITS.title),
        content: text(input.content, '内容', LIMITS.content),
        link: input.link === undefined ? null : safeLink(input.link, '链接'),
        ...(input.maxShows === undefined ? {} : { max_shows: input.maxShows === null ? null : wholeNumber(input.maxShows, '弹出次数', LIMITS.maxShows) }),
      },
      true,
    );
  }

  activityOff(): Promise<ChannelRow> {
    return this.change('activity', { active: 0 });
  }

  setTop(textValue: string): Promise<ChannelRow> {
    return this.change('top', { active: 1, title: text(textValue, '横幅文字', LIMITS.top) });
  }

  topOff(): Promise<ChannelRow> {
    return this.change('top', { active: 0 });
  }

  async setLink(kind: string, url: string): Promise<SiteLink> {
    const linkKind = this.linkKind(kind);
    const link = safeLink(url, '链接');
    await this.repo.setLink(linkKind, link);
    return { kind: linkKind, url: link };
  }

  async removeLink(kind: string): Promise<void> {
    const linkKind = this.linkKind(kind);
    if (!(await this.repo.removeLink(linkKind))) throw announcementError(`${linkKind} 链接本来就没有设置`);
  }

  private async routeOf(input: NewItemInput): Promise<string | null> {
    if (input.route !== undefined) return safeLink(input.route, '路由');
    if (input.model === undefined) return null;
    const code = input.model.trim();
    if (!code || !(await this.modelExists(code))) throw announcementError(`模型目录里没有模型 ${input.model}（可用 pnpm ops catalogue list 查看）`);
    return chatRoute(code);
  }

  private linkKind(kind: string): SiteLinkKind {
    if (!(LINK_KINDS as readonly string[]).includes(kind)) throw announcementError(`链接种类只能是 ${LINK_KINDS.join('、')}：${kind}`);
    return kind as SiteLinkKind;
  }

  private async change(channel: AnnouncementChannelName, change: Parameters<AnnouncementsRepository['updateChannel']>[1], bumpVersion = false): Promise<ChannelRow> {
    const row = await this.repo.updateChannel(channel, change, bumpVersion);
    if (!row) throw announcementError(`公告频道 ${channel} 不存在`);
    return row;
  }
}

function sortLinks(links: LinkRow[]): LinkRow[] {
  return [...links].sort((a, b) => LINK_KINDS.indexOf(a.kind) - LINK_KINDS.indexOf(b.kind));
}
