import { randomUUID } from 'node:crypto';
import {
  RESOURCE_CODES,
  RESOURCE_LIMITS,
  type ResourceCategory,
  type ResourceFeedbackInput,
  type ResourceItem,
} from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import { AppError } from '../../http/envelope.js';
import type { SharedState } from '../../sharedState/index.js';
import { iconUrl } from './icons.js';
import type { CategoryRow, ItemRow, ResourcesRepository } from './repository.js';

export const RESOURCE_MESSAGES = {
  notFound: '资源不存在或已下架',
  tooManyFeedback: '反馈太频繁了，请一小时后再试',
  textRequired: '请填写反馈内容',
  textTooLong: `反馈内容不能超过${RESOURCE_LIMITS.feedbackText}个字`,
} as const;

/** Who sends a feedback: the account when signed in, else the browser's anonymous id or the address. */
export interface FeedbackSender {
  userId: string | null;
  anonymousId: string | null;
  ip: string;
}

const FEEDBACK_WINDOW_SECONDS = 3600;

export function itemNode(row: ItemRow): ResourceItem {
  return {
    kind: 'item',
    id: row.id,
    itemName: row.name,
    tooltip: row.description,
    link: row.url,
    imgUrl: row.icon_key ? iconUrl(row.icon_key) : null,
    tags: JSON.parse(row.tags) as string[],
    subItems: [],
  };
}

/**
 * The menu tree: top-level categories in order, each with its sub-categories (then the items filed
 * directly under it); a category left without visible items is left out, so the page never shows
 * an empty menu entry.
 */
export function buildTree(categories: CategoryRow[], items: ItemRow[]): ResourceCategory[] {
  const byCategory = new Map<string, ResourceItem[]>();
  for (const item of items) {
    const list = byCategory.get(item.category_id) ?? [];
    list.push(itemNode(item));
    byCategory.set(item.category_id, list);
  }
  const node = (row: CategoryRow, subItems: ResourceCategory['subItems']): ResourceCategory => ({
    kind: 'category',
    id: row.id,
    itemName: row.name,
    imgUrl: row.icon,
    tooltip: '',
    link: null,
    subItems,
  });
  return categories
    .filter((row) => row.parent_id === null)
    .map((top) => {
      const subs = categories
        .filter((row) => row.parent_id === top.id)
        .map((sub) => node(sub, byCategory.get(sub.id) ?? []))
        .filter((sub) => sub.subItems.length > 0);
      return node(top, [...subs, ...(byCategory.get(top.id) ?? [])]);
    })
    .filter((top) => top.subItems.length > 0);
}

export class ResourcesService {
  constructor(
    private readonly repo: ResourcesRepository,
    private readonly deps: { sharedState: SharedState; now: Clock },
  ) {}

  async tree(): Promise<ResourceCategory[]> {
    const [categories, items] = await Promise.all([this.repo.categories(), this.repo.items({ includeHidden: false })]);
    return buildTree(categories, items);
  }

  /**
   * Stores a feedback on a visible item. At most RESOURCE_LIMITS.feedbackPerHour per sender and
   * per client address each hour (a visitor clearing cookies is still held by the address); only
   * accepted input counts.
   */
  async feedback(input: ResourceFeedbackInput, sender: FeedbackSender): Promise<void> {
    const item = await this.repo.item(input.itemId);
    if (!item || item.hidden) throw new AppError(RESOURCE_CODES.notFound, RESOURCE_MESSAGES.notFound);
    const text = (input.text ?? '').trim();
    if (!text && input.kind !== 'broken') throw new AppError(RESOURCE_CODES.invalidField, RESOURCE_MESSAGES.textRequired);
    if (Array.from(text).length > RESOURCE_LIMITS.feedbackText) throw new AppError(RESOURCE_CODES.invalidField, RESOURCE_MESSAGES.textTooLong);

    const visitorKey = sender.userId ? `u:${sender.userId}` : sender.anonymousId ? `a:${sender.anonymousId}` : `ip:${sender.ip}`;
    const counts = await Promise.all(
      [...new Set([visitorKey, `ip:${sender.ip}`])].map((key) => this.deps.sharedState.increment(`resource-feedback:${key}`, FEEDBACK_WINDOW_SECONDS)),
    );
    if (counts.some((count) => count > RESOURCE_LIMITS.feedbackPerHour)) throw new AppError(RESOURCE_CODES.tooManyFeedback, RESOURCE_MESSAGES.tooManyFeedback);

    await this.repo.addFeedback({
      id: randomUUID(),
      item_id: item.id,
      user_id: sender.userId,
      visitor_key: visitorKey,
      ip: sender.ip,
      kind: input.kind,
      text,
      created_at: this.deps.now().toISOString(),
    });
  }
}
