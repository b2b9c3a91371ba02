import { CHAT_LIMITS, type Reference, type StreamRequestBody } from '@qiming/contracts';
import type { HistoryMessage } from '../conversations/index.js';
import { IMAGE_PROMPT_TOKENS } from './upstream/tokens.js';
import type { KnowledgeSources, UpstreamImage, UpstreamMessage } from './upstream/types.js';

export type { HistoryMessage };

/** spec chat §5 and §9 limits, from the contract the client reads too. */
export { CHAT_LIMITS };

/** spec chat §5: used when the user set no system prompt of their own. */
export const DEFAULT_SYSTEM_PROMPT = CHAT_LIMITS.defaultSystemPrompt;

/** Text of uploaded files sent upstream, per file and in all (characters). */
export const FILE_TEXT_LIMITS = { perFile: 50_000, total: 100_000 };

/**
 * Images sent to a model that sees images, per message: the types both upstream kinds accept (a
 * BMP goes as its OCR text), at most this many and this many bytes (base64 makes a third more);
 * images beyond go as their OCR text too.
 */
export const VISION_IMAGE_LIMITS = { mediaTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'], perMessage: 8, totalBytes: 30 * 1024 * 1024 };

/** The user's uploaded images by knowledgeId, only the user's own (the uploads module). */
export interface UploadedImageSource {
  images(userId: string, knowledgeIds: readonly string[]): Promise<Array<{ knowledgeId: string; mime: string; data: Buffer }>>;
}

export interface ContextOptions {
  /** The model sees images and a real upstream answers: uploaded images go as images, not as their OCR text. */
  vision: boolean;
  uploadedImages?: UploadedImageSource;
}

/** What a contributor sees: the request and the user. */
export interface ContextRequest {
  userId: string;
  body: StreamRequestBody;
}

/**
 * Who answers a request a contributor takes over (an agent): the catalogue model whose channels,
 * upstream name and think / web / vision facts apply, while the points are still priced by the
 * request's own model (an agent code's 0.01 积分/字); and the name and icon its conversation keeps.
 */
export interface AnswerIdentity {
  answeredBy: string;
  name: string;
  icon: string | null;
}

/** Who is speaking, for an answer source that writes its own text (the offline model); real upstreams ignore it. */
export interface AnswerPersona {
  name: string;
  /** The starter questions, in order (the offline model suggests the first). */
  starterQuestions: readonly string[];
}

export interface Contribution {
  /** Added to the system message, after the base prompt. */
  system?: string;
  /** Put in front of the user's message. */
  userPrefix?: string;
  /** Replaces the base prompt (the user's system prompt, else the default): an agent's own instructions. */
  baseSystem?: string;
  persona?: AnswerPersona;
  /** Sources the answer draws on (a knowledge base's passages): sent to the reader before the answer and kept with it. */
  references?: Reference[];
  /** The knowledge base asked (its title names the conversation node's knowledgeName). */
  knowledge?: KnowledgeSources;
  /** Extensions (MCP names) the message may use besides those the user selected: a plug-in agent's own. */
  extensions?: string[];
}

/**
 * Adds to the context of a message: an agent's instructions (intelligentCode), knowledge base
 * passages (knowledgeId), extension results (mcps). The agents, knowledge and extensions modules
 * register theirs; with none registered the context is the system prompt, history and files.
 */
export interface ContextContributor {
  readonly name: string;
  /**
   * Refuses the message (throws an AppError) before anything is written, e.g. a code it does not
   * know; or, for a request it takes over, says who answers.
   */
  check?(request: ContextRequest): void | AnswerIdentity | Promise<void | AnswerIdentity>;
  contribute(request: ContextRequest): Promise<Contribution | null>;
  /** The turn was written (`newConversation`: it opened the conversation). A failure is logged, never refuses. */
  started?(request: ContextRequest, turn: { convGroupId: string; newConversation: boolean }): Promise<void>;
}

export interface BuiltContext {
  messages: UpstreamMessage[];
  /** Characters of everything sent (the points hold's prompt estimate). */
  promptChars: number;
  persona?: AnswerPersona;
  references: Reference[];
  knowledge?: KnowledgeSources;
  /** The contributors' extensions (a plug-in agent's), deduplicated. */
  extensions: string[];
}

/**
 * The messages sent upstream: the system prompt (a contributor's base prompt, else the user's,
 * else the default), contributors' system text, the last `recentChatLen` rounds of the current branch when `useContext`, then the
 * message itself with the uploaded files' text in front.
 */
export async function buildContext(
  request: ContextRequest,
  history: readonly HistoryMessage[],
  contributors: readonly ContextContributor[],
  options: ContextOptions = { vision: false },
): Promise<BuiltContext> {
  const { body } = request;
  const contributions = (await Promise.all(contributors.map((c) => c.contribute(request)))).filter((c) => c !== null);
  const base = contributions.find((c) => c.baseSystem)?.baseSystem ?? (body.systemPrompt?.trim() || DEFAULT_SYSTEM_PROMPT);
  const system = [base, ...contributions.map((c) => c.system).filter(Boolean)].join('\n\n');
  const persona = contributions.find((c) => c.persona)?.persona;
  const knowledge = contributions.find((c) => c.knowledge)?.knowledge;
  const references = contributions.flatMap((c) => c.references ?? []);

  // history ends with the message being answered; the rounds before it are the memory.
  const earlier = history.slice(0, -1);
  const current = history.at(-1);
  if (!current || current.role !== 'user') throw new Error('history must end with the user message being answered');
  const rounds = memoryRounds(body);
  const memory = rounds === 0 ? [] : lastRounds(earlier, rounds);

  const images = options.vision && options.uploadedImages ? await visionImages(request, options.uploadedImages) : new Map<string, UpstreamImage>();
  const prefix = [...contributions.map((c) => c.userPrefix).filter(Boolean), filesText(body, images)].filter(Boolean).join('\n\n');
  const question: UpstreamMessage = { role: 'user', content: prefix ? `${prefix}\n\n${current.content}` : current.content };
  if (images.size > 0) question.images = [...images.values()];
  const messages: UpstreamMessage[] = [{ role: 'system', content: system }, ...memory.filter((m) => m.content !== ''), question];
  // An image counts as a fixed number of characters (one per token, like the rest of the estimate).
  const promptChars = messages.reduce((sum, m) => sum + m.content.length, 0) + images.size * IMAGE_PROMPT_TOKENS;
  const extensions = [...new Set(contributions.flatMap((c) => c.extensions ?? []))];
  return { messages, promptChars, references, extensions, ...(persona ? { persona } : {}), ...(knowledge ? { knowledge } : {}) };
}

/** How many question–answer rounds before the message the context remembers: `recentChatLen` (at most 8) with `useContext`, else none. */
export function memoryRounds(body: Pick<StreamRequestBody, 'useContext' | 'recentChatLen'>): number {
  return body.useContext ? Math.max(0, Math.min(CHAT_LIMITS.recentChatLenMax, body.recentChatLen)) : 0;
}

/** The message's uploaded images that go as images, by knowledgeId, within VISION_IMAGE_LIMITS. */
async function visionImages({ userId, body }: ContextRequest, source: UploadedImageSource): Promise<Map<string, UpstreamImage>> {
  const ids = body.uploadedFiles.map((file) => file.knowledgeId).filter((id): id is string => !!id);
  const chosen = new Map<string, UpstreamImage>();
  if (ids.length === 0) return chosen;
  let bytes = 0;
  for (const image of await source.images(userId, ids)) {
    if (!VISION_IMAGE_LIMITS.mediaTypes.includes(image.mime) || chosen.size >= VISION_IMAGE_LIMITS.perMessage) continue;
    if (bytes + image.data.length > VISION_IMAGE_LIMITS.totalBytes) continue;
    bytes += image.data.length;
    chosen.set(image.knowledgeId, { mediaType: image.mime, data: image.data.toString('base64') });
  }
  return chosen;
}

/** The last `rounds` question–answer pairs (a round starts at a user message). */
function lastRounds(messages: readonly HistoryMessage[], rounds: number): HistoryMessage[] {
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user' && ++seen === rounds) return messages.slice(i);
  }
  return [...messages];
}

/** The files' text in front of the message; an image that goes as an image is named only (its OCR text would repeat it). */
function filesText(body: StreamRequestBody, sentAsImages: ReadonlyMap<string, UpstreamImage>): string {
  let budget = FILE_TEXT_LIMITS.total;
  const parts: string[] = [];
  for (const file of body.uploadedFiles) {
    const name = file.nameFromFront || file.actualName || file.name || '文件';
    if (file.knowledgeId && sentAsImages.has(file.knowledgeId)) {
      parts.push(`【${name}】（图片，已随消息附上）`);
      continue;
    }
    const text = file.fileContent?.trim();
    if (!text || budget <= 0) continue;
    const clipped = text.slice(0, Math.min(FILE_TEXT_LIMITS.perFile, budget));
    budget -= clipped.length;
    parts.push(`【${name}】\n${clipped}${clipped.length < text.length ? '\n（文件内容过长，已截断）' : ''}`);
  }
  return parts.length ? `以下是用户上传的文件内容：\n${parts.join('\n\n')}` : '';
}
