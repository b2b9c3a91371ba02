import { AGENT_CATEGORIES, AGENT_LIMITS, type AgentCategoryKey } from '@qiming/contracts';
import type { CatalogueEntry } from '../catalogue/index.js';
import { MODEL_ICON_SET } from '../catalogue/icons.js';
import type { ContentPolicy } from '../chat/policy/contentPolicy.js';
import { findHongScene } from '../roleplay/index.js';
import { AGENT_ICONS } from './builtIn/icons.js';
import { bannedWords, invalidField } from './codes.js';
import { uploadIdOfImage } from './images.js';

/** Everything an agent is made of, as stored (texts trimmed, nothing missing). */
export interface AgentDraft {
  appName: string;
  description: string;
  systemPrompt: string;
  mannulModel: string | null;
  appUrl: string | null;
  assistantUrl: string | null;
  question1: string;
  question2: string;
  question3: string;
  question4: string;
  hongScene: string | null;
  imageUrlYour: string | null;
  imageUrlParteners: string | null;
  isPublic: 0 | 1;
  kind1: AgentCategoryKey;
  mcps: string[];
}

/** What the rules need from outside: the banned words, the catalogue and who may use an image. */
export interface AgentRules {
  policy: ContentPolicy;
  findModel(id: string): CatalogueEntry | undefined;
  /** An uploaded image (its knowledgeId) the author may show; built-in icons are always allowed. */
  ownsUploadedImage(knowledgeId: string): Promise<boolean>;
}

type TextField = 'appName' | 'description' | 'systemPrompt' | 'question1' | 'question2' | 'question3' | 'question4';
const TEXT_LIMITS: Array<[TextField, number]> = [
  ['appName', AGENT_LIMITS.appName],
  ['description', AGENT_LIMITS.description],
  ['systemPrompt', AGENT_LIMITS.systemPrompt],
  ['question1', AGENT_LIMITS.question],
  ['question2', AGENT_LIMITS.question],
  ['question3', AGENT_LIMITS.question],
  ['question4', AGENT_LIMITS.question],
];
const IMAGE_FIELDS = ['appUrl', 'assistantUrl', 'imageUrlYour', 'imageUrlParteners'] as const;
const MEDIA_LEVELS = new Set(['绘画', '音乐', '视频']);
/** Catalogue entries that are not a model answering in text: a page link, tools, the random blind box. */
const NOT_ANSWERING_MODELS = new Set(['gpts', 'auto', 'pdf-to-text', 'url-analysis']);
const MCP_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** Characters as the limits count them (code points: an emoji is one). */
export const lengthOf = (text: string) => [...text].length;

/**
 * A model an agent may answer with: a catalogue model that answers in text (not drawing, music or
 * video, not a tool or the blind box) and open to every plan — an agent must not be a way around the
 * 套餐2 rule, since it is billed at the agent price.
 */
export function isAgentModel(entry: CatalogueEntry | undefined): entry is CatalogueEntry {
  return !!entry && !MEDIA_LEVELS.has(entry.level) && !NOT_ANSWERING_MODELS.has(entry.id) && !entry.isHighLevelModel;
}

/** The URL is a built-in icon (an agent's or a model's). */
export function isBuiltInIcon(url: string): boolean {
  const agentIcon = AGENT_ICONS.nameOf(url);
  const modelIcon = MODEL_ICON_SET.nameOf(url);
  return (agentIcon !== null && AGENT_ICONS.icons.has(agentIcon)) || (modelIcon !== null && MODEL_ICON_SET.icons.has(modelIcon));
}

/**
 * The rules of createApp, updateApp and `pnpm ops agents` (2405 missing or too long, 2404 banned
 * words naming the field, 2405 model, category, scene, extensions, images), in that order.
 */
export async function checkDraft(draft: AgentDraft, rules: AgentRules): Promise<void> {
  if (!draft.appName) throw invalidField.missing('appName');
  if (!draft.systemPrompt && !draft.hongScene) throw invalidField.missing('systemPrompt');
  for (const [field, max] of TEXT_LIMITS) if (lengthOf(draft[field]) > max) throw invalidField.tooLong(field, max);
  for (const [field] of TEXT_LIMITS) if (rules.policy.violation(draft[field])) throw bannedWords(field);
  if (draft.mannulModel !== null && !isAgentModel(rules.findModel(draft.mannulModel))) throw invalidField.model();
  if (!AGENT_CATEGORIES.includes(draft.kind1)) throw invalidField.category();
  if (draft.hongScene !== null && !findHongScene(draft.hongScene)) throw invalidField.scene();
  if (draft.mcps.length > AGENT_LIMITS.mcps) throw invalidField.mcps();
  if (draft.mcps.some((name) => !MCP_NAME.test(name))) throw invalidField.mcpName();
  for (const field of IMAGE_FIELDS) {
    const url = draft[field];
    if (url !== null && !(await imageAllowed(url, rules))) throw invalidField.image(field);
  }
}

async function imageAllowed(url: string, rules: AgentRules): Promise<boolean> {
  if (isBuiltInIcon(url)) return true;
  const uploaded = uploadIdOfImage(url);
  return uploaded !== null && (await rules.ownsUploadedImage(uploaded));
}
