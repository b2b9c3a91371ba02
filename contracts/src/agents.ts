/**
 * Agents and plug-ins (spec chat §2 /toolBox/apps, /toolBox/apps2, /toolBox/coll2,
 * /toolBox/functionCall, the agent centre drawer; §3 "Agent or app"; §7 "Agents"; §9 page size 20,
 * 0.01 积分/字). Paths under /app-api/backend-api; every response is the envelope { code, data, msg }.
 *
 * An agent is a system prompt, a model and four starter questions behind a code the chat sends as
 * its model and `intelligentCode`. Built-in apps (the catalogue kept as data, edited with
 * `pnpm ops agents`) have codes gpt-4-gizmo-g-<slug>; user agents gpt-4-gizmo-g-user-c-<id>.
 * A plug-in is an agent that carries extensions (`mcps`); the extensions run with the MCP issue.
 *
 * GET  getAppByCode?gptsId=<code> → AgentApp (public, or the caller's own; else AGENT_CODES.notFound)
 * GET  getAppByType → AgentCategory[] (the categories with their public agent counts, in tab order)
 * POST appPage { pageNo, pageSize } → Page<AgentApp> (the built-in apps, most used first)
 * POST getMyApp { pageNo, pageSize, funcCall? } → Page<AgentApp> (the caller's agents, newest first;
 *      funcCall true: only those carrying extensions — /toolBox/functionCall)
 * POST getPublicApp { pageNo, pageSize, keyWord?, kind1? } → Page<AgentApp> (public agents: search
 *      in name and description, category kind1; most used first)
 * POST getPubFuncCallApp { same } → Page<AgentApp> (public agents carrying extensions — /toolBox/apps)
 * POST favAppPage { pageNo, pageSize } → Page<FavouriteApp> (newest first)
 * POST createApp AgentInput → AgentApp
 * POST updateApp AgentInput & { id } → AgentApp (owner only)
 * POST deleteApp { id } → null (owner only; conversations that used it stay readable)
 * POST addOrUpdateFavApp { appName, code, coment } → FavouriteApp (idempotent per code)
 * POST delFavApp { code } → null (idempotent)
 *
 * Lists are signed-in calls (spec chat §9: fetched only when user info exists), except
 * getAppByCode, getAppByType, getPublicApp and getPubFuncCallApp, which also answer signed out
 * (share links, the square and the public plug-ins are for visitors too).
 */

import type { Page, PageRequest } from './points.js';

export const AGENT_CODE_PREFIXES = {
  /** Every agent or app code (the chat's upload control and per-character price key on it). */
  any: 'gpt-4-gizmo-g-',
  /** Agents users create. */
  user: 'gpt-4-gizmo-g-user-c-',
} as const;

/** spec chat §1: the model an agent without its own (mannulModel) answers with. */
export const AGENT_FALLBACK_MODEL = 'gpt-4o-mini';

/** Lengths (characters) and counts the server enforces and the forms show. */
export const AGENT_LIMITS = {
  appName: 30,
  description: 200,
  systemPrompt: 8000,
  question: 100,
  favouriteName: 30,
  favouriteComment: 200,
  /** Agents one account may own. */
  perUser: 50,
  /** Extensions one agent may carry. */
  mcps: 10,
  /** spec chat §9. */
  pageSize: 20,
  keyWord: 50,
} as const;

const agentCodes = {
  /** 智能体不存在或已下架 */
  notFound: 2401,
  /** 无权修改该智能体 */
  notOwner: 2402,
  /** 智能体数量已达上限（{n} 个） */
  tooMany: 2403,
  /** 内容包含违规词，请修改后再提交 — names the field */
  bannedWords: 2404,
  /** A field too long or missing (the message names it). */
  invalidField: 2405,
};
export const AGENT_CODES = agentCodes as Readonly<typeof agentCodes>;

/** Category keys (kind1) in tab order; names come from getAppByType in the site's language. */
export const AGENT_CATEGORIES = ['writing', 'coding', 'study', 'work', 'translation', 'life', 'fun', 'roleplay', 'image', 'other'] as const;
export type AgentCategoryKey = (typeof AGENT_CATEGORIES)[number];

export interface AgentCategory {
  kind1: AgentCategoryKey;
  /** 写作, 编程, 学习, 职场, 翻译, 生活, 娱乐, 角色扮演, 绘画, 其他 (or English in the international build). */
  name: string;
  /** Public agents in it. */
  count: number;
}

/** spec chat §3 "Agent or app", plus what the square shows (author, uses, category). */
export interface AgentApp {
  id: string;
  /** gpt-4-gizmo-g-<slug> or gpt-4-gizmo-g-user-c-<id>: the chat's model and intelligentCode. */
  code: string;
  /** The model it answers with; null → AGENT_FALLBACK_MODEL. */
  mannulModel: string | null;
  appName: string;
  description: string;
  /** Icon (an uploaded image URL or a built-in SVG path). */
  appUrl: string | null;
  /** The assistant's avatar in the chat; null → appUrl. */
  assistantUrl: string | null;
  question1: string;
  question2: string;
  question3: string;
  question4: string;
  /** Present for the owner and for built-in apps; null for other users' agents (their prompt is theirs). */
  systemPrompt: string | null;
  /** A role-play scene (contracts hong.ts) the agent plays, or null. */
  hongScene: string | null;
  /** Avatars of the user and the partner in a role-play agent. */
  imageUrlYour: string | null;
  imageUrlParteners: string | null;
  /** 1 for an agent a user created, 0 for a built-in app. */
  isCustom: 0 | 1;
  /** 1 when everyone can find and use it. */
  isPublic: 0 | 1;
  /** 1 when it is in the caller's favourites. */
  colled: 0 | 1;
  kind1: AgentCategoryKey;
  /** Extensions it carries (a plug-in when not empty). */
  mcps: string[];
  /** The author's nickname; 启明 AI for built-in apps. */
  author: string;
  /** Conversations started with it. */
  uses: number;
  /** The caller created it (may edit and delete). */
  mine: boolean;
  createTime: string;
  updateTime: string;
}

/** What createApp and updateApp take; missing optional fields keep their value on update. */
export interface AgentInput {
  appName: string;
  description: string;
  appUrl?: string | null;
  assistantUrl?: string | null;
  mannulModel?: string | null;
  systemPrompt: string;
  question1?: string;
  question2?: string;
  question3?: string;
  question4?: string;
  hongScene?: string | null;
  imageUrlYour?: string | null;
  imageUrlParteners?: string | null;
  isPublic?: 0 | 1;
  kind1?: AgentCategoryKey;
  mcps?: string[];
}

export interface AgentListRequest extends PageRequest {
  keyWord?: string;
  kind1?: AgentCategoryKey;
}

export interface MyAgentListRequest extends PageRequest {
  funcCall?: boolean;
}

/** spec chat §3 "Favourite app payload": appName (the dialog's userAppName), code (any model or agent code), coment. */
export interface FavouriteAppInput {
  appName: string;
  code: string;
  coment: string;
}

export interface FavouriteApp extends FavouriteAppInput {
  id: string;
  /** The agent behind the code when it is one (null for a plain model, or an agent since deleted). */
  app: AgentApp | null;
  createTime: string;
}

export type AgentPage = Page<AgentApp>;
export type FavouriteAppPage = Page<FavouriteApp>;

/** The chat route of an agent: /chatPage/g-<code>. */
export function agentChatPath(code: string): string {
  return `/chatPage/g-${encodeURIComponent(code)}`;
}

export function isAgentCode(model: string): boolean {
  return model.startsWith(AGENT_CODE_PREFIXES.any);
}

/** The starter questions that are set, in order. */
export function starterQuestions(app: Pick<AgentApp, 'question1' | 'question2' | 'question3' | 'question4'>): string[] {
  return [app.question1, app.question2, app.question3, app.question4].map((q) => q.trim()).filter(Boolean);
}
