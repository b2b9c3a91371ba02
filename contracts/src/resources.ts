/**
 * The resource directory (spec platform §2 /resourcePage, §3 "Resource menu item", §7
 * resource/getAllItemsTree). Paths under /app-api; every response is the envelope { code, data, msg }.
 *
 * GET or POST resource/getAllItemsTree (no payload) → ResourceCategory[]: the menu tree. §7 of the
 *      platform spec lists it with the POST calls, the chat spec calls it GET: both answer the same.
 *      Signed out too (a public directory). Hidden items and empty categories are left out.
 * POST resource/feedback ResourceFeedbackInput → null (signed in or not; at most
 *      RESOURCE_LIMITS.feedbackPerHour per account and per client address and hour, else
 *      RESOURCE_CODES.tooManyFeedback)
 *
 * The spec's menu item fields (itemName, subItems, imgUrl, tooltip, link) are kept; showSub and
 * selected are the page's own state, not sent.
 */

/** An entry of the directory: a card with its detail dialog. */
export interface ResourceItem {
  kind: 'item';
  /** Stable id (lower-case letters, digits and -), e.g. `chatgpt`. */
  id: string;
  itemName: string;
  /** The one-line description. */
  tooltip: string;
  /** The official address (http or https); the dialog's 直达链接 opens it in a new tab. */
  link: string;
  /** An icon uploaded by ops (served from this site), or null: the page draws the letter icon (`letterIconOf`). */
  imgUrl: string | null;
  tags: string[];
  subItems: [];
}

/** A category, or a sub-category (then its subItems are items only). */
export interface ResourceCategory {
  kind: 'category';
  id: string;
  itemName: string;
  /** An emoji shown before the name in the menu ('' for none). */
  imgUrl: string;
  tooltip: string;
  link: null;
  /** Top level: its sub-categories first, then items filed directly under it. Sub-category: its items. */
  subItems: Array<ResourceCategory | ResourceItem>;
}

export type ResourceNode = ResourceCategory | ResourceItem;

/** What a feedback is about (the dialog's choices, in this order). */
export const RESOURCE_FEEDBACK_KINDS = ['broken', 'wrong', 'suggest', 'other'] as const;
export type ResourceFeedbackKind = (typeof RESOURCE_FEEDBACK_KINDS)[number];
export const RESOURCE_FEEDBACK_LABELS: Record<ResourceFeedbackKind, string> = {
  broken: '链接失效',
  wrong: '信息有误',
  suggest: '推荐收录',
  other: '其他',
};

export interface ResourceFeedbackInput {
  itemId: string;
  kind: ResourceFeedbackKind;
  /** Optional for 链接失效, required otherwise (what is wrong, what to add). */
  text?: string;
}

export const RESOURCE_LIMITS = {
  feedbackText: 500,
  feedbackPerHour: 5,
  itemName: 40,
  description: 80,
  tag: 12,
  tags: 8,
  url: 500,
} as const;

const resourceCodes = {
  /** 资源不存在或已下架 */
  notFound: 3101,
  /** 反馈太频繁了，请一小时后再试 */
  tooManyFeedback: 3102,
  /** A field missing or too long (the message names it). */
  invalidField: 3103,
};
export const RESOURCE_CODES = resourceCodes as Readonly<typeof resourceCodes>;

/** Background colours of the letter icons (readable with white text). */
const LETTER_COLOURS = ['#1677ff', '#13a8a8', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#2f54eb', '#d4380d', '#08979c', '#7cb305'];

/**
 * The generated icon of an item without an uploaded one: the name's first letter or character
 * (upper-case for Latin letters) on a colour picked from the name, so an icon is stable everywhere.
 */
export function letterIconOf(name: string): { letter: string; colour: string } {
  const first = Array.from(name.trim())[0] ?? '?';
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return { letter: first.toUpperCase(), colour: LETTER_COLOURS[hash % LETTER_COLOURS.length]! };
}
