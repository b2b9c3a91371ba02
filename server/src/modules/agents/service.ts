import { randomUUID } from 'node:crypto';
import {
  AGENT_CATEGORIES,
  AGENT_CODE_PREFIXES,
  AGENT_FALLBACK_MODEL,
  AGENT_LIMITS,
  starterQuestions,
  type AgentApp,
  type AgentCategory,
  type AgentInput,
  type AgentListRequest,
  type AgentPage,
  type FavouriteApp,
  type FavouriteAppInput,
  type FavouriteAppPage,
  type MyAgentListRequest,
  type PageRequest,
} from '@qiming/contracts';
import { formatChinaDateTime } from '../../chinaTime.js';
import type { Clock } from '../../clock.js';
import type { Translator } from '../../locale/index.js';
import type { CatalogueEntry } from '../catalogue/index.js';
import type { ContentPolicy } from '../chat/policy/contentPolicy.js';
import { newAgentId } from './builtIn/seed.js';
import { agentNotFound, bannedWords, CATEGORY_NAMES, invalidField, notOwner, tooManyAgents } from './codes.js';
import type { AgentListQuery, AgentRow, AgentsRepository, FavouriteRow } from './repository.js';
import { AGENT_IMAGE_PATH, publicImageUrl, uploadIdOfImage } from './images.js';
import { checkDraft, isAgentModel, lengthOf, type AgentDraft, type AgentRules } from './validation.js';
import { appOf, iconOf, shownTexts, type ViewContext } from './view.js';

export interface AgentsServiceOptions {
  policy: ContentPolicy;
  findModel(id: string): CatalogueEntry | undefined;
  /** The uploads module: whether an uploaded image is the user's own, and an image's bytes. */
  uploads: AgentUploads;
  translator: Translator;
  now: Clock;
}

export interface AgentUploads {
  isOwnImage(userId: string, knowledgeId: string): Promise<boolean>;
  imageFile(knowledgeId: string): Promise<AgentImageFile | null>;
}

export interface AgentImageFile {
  mime: string;
  size: number;
  open(): NodeJS.ReadableStream;
}

/** Where no uploads exist (the ops CLI: ops sets no images; a built-in app's icon is its slug's file). */
export const NO_UPLOADS: AgentUploads = { isOwnImage: async () => false, imageFile: async () => null };

/** An agent the chat may answer as, in the edition's language. */
export interface UsableAgent {
  code: string;
  name: string;
  /** The assistant's avatar, else the agent's icon. */
  icon: string | null;
  systemPrompt: string;
  /** The catalogue model that answers: its own model when still an agent model, else AGENT_FALLBACK_MODEL. */
  answeredBy: string;
  hongScene: string | null;
  starterQuestions: string[];
  /** The extensions it carries (a plug-in agent): chatting with it enables them. */
  extensions: string[];
}

const pageOf = ({ pageNo, pageSize }: PageRequest) => ({ offset: (pageNo - 1) * pageSize, limit: pageSize });
const userAgentCode = (id: string) => `${AGENT_CODE_PREFIXES.user}${id}`;
const trimmed = (text: string | undefined) => (text ?? '').trim();
const orNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** Visible to the viewer: in use, and public or theirs. */
function visible(row: AgentRow, viewerId: string | null): boolean {
  return row.deleted_at === null && row.hidden === 0 && (row.is_public === 1 || (row.user_id !== null && row.user_id === viewerId));
}

/** The stored draft of a row (what an update starts from). */
function draftOfRow(row: AgentRow): AgentDraft {
  return {
    appName: row.app_name,
    description: row.description,
    systemPrompt: row.system_prompt,
    mannulModel: row.mannul_model,
    appUrl: row.app_url,
    assistantUrl: row.assistant_url,
    question1: row.question1,
    question2: row.question2,
    question3: row.question3,
    question4: row.question4,
    hongScene: row.hong_scene,
    imageUrlYour: row.image_url_your,
    imageUrlParteners: row.image_url_parteners,
    isPublic: row.is_public,
    kind1: row.kind1,
    mcps: JSON.parse(row.mcps) as string[],
  };
}

/** The input over a base draft: fields left out keep their value (createApp starts from an empty one). */
function mergeInput(base: AgentDraft, input: Partial<AgentInput>): AgentDraft {
  const text = (value: string | undefined, current: string) => (value === undefined ? current : trimmed(value));
  const optional = (value: string | null | undefined, current: string | null) => (value === undefined ? current : orNull(value));
  const image = (value: string | null | undefined, current: string | null) => publicImageUrl(optional(value, current));
  return {
    appName: text(input.appName, base.appName),
    description: text(input.description, base.description),
    systemPrompt: text(input.systemPrompt, base.systemPrompt),
    mannulModel: optional(input.mannulModel, base.mannulModel),
    appUrl: image(input.appUrl, base.appUrl),
    assistantUrl: image(input.assistantUrl, base.assistantUrl),
    question1: text(input.question1, base.question1),
    question2: text(input.question2, base.question2),
    question3: text(input.question3, base.question3),
    question4: text(input.question4, base.question4),
    hongScene: optional(input.hongScene, base.hongScene),
    imageUrlYour: image(input.imageUrlYour, base.imageUrlYour),
    imageUrlParteners: image(input.imageUrlParteners, base.imageUrlParteners),
    isPublic: input.isPublic ?? base.isPublic,
    kind1: input.kind1 ?? base.kind1,
    mcps: input.mcps === undefined ? base.mcps : [...new Set(input.mcps.map((name) => name.trim()))],
  };
}

/** createApp's starting point: private, category 其他. */
const EMPTY_DRAFT: AgentDraft = { appName: '', description: '', systemPrompt: '', mannulModel: null, appUrl: null, assistantUrl: null, question1: '', question2: '', question3: '', question4: '', hongScene: null, imageUrlYour: null, imageUrlParteners: null, isPublic: 0, kind1: 'other', mcps: [] };

export function draftColumns(draft: AgentDraft) {
  return {
    app_name: draft.appName,
    description: draft.description,
    system_prompt: draft.systemPrompt,
    mannul_model: draft.mannulModel,
    app_url: draft.appUrl,
    assistant_url: draft.assistantUrl,
    question1: draft.question1,
    question2: draft.question2,
    question3: draft.question3,
    question4: draft.question4,
    hong_scene: draft.hongScene,
    image_url_your: draft.imageUrlYour,
    image_url_parteners: draft.imageUrlParteners,
    is_public: draft.isPublic,
    kind1: draft.kind1,
    mcps: JSON.stringify(draft.mcps),
  };
}

/**
 * Agents and favourite apps (spec chat §7 "Agents"): only the owner edits or deletes (2402), a
 * private agent is nobody else's to read (2401), public ones are everyone's; deleting is soft.
 */
export class AgentsService {
  constructor(
    private readonly repo: AgentsRepository,
    private readonly options: AgentsServiceOptions,
  ) {}

  /** The rules as they apply to one author (their own uploads only). */
  rulesFor(userId: string | null): AgentRules {
    const { policy, findModel, uploads } = this.options;
    return { policy, findModel, ownsUploadedImage: (knowledgeId) => (userId ? uploads.isOwnImage(userId, knowledgeId) : Promise.resolve(false)) };
  }

  /** An uploaded image a live agent shows (agents/images.ts), or null. */
  async image(uploadId: string): Promise<AgentImageFile | null> {
    const url = publicImageUrl(`${AGENT_IMAGE_PATH}/${uploadId}`)!;
    if (uploadIdOfImage(url) === null || !(await this.repo.imageInUse(url))) return null;
    return this.options.uploads.imageFile(uploadId);
  }

  async byCode(code: string, viewerId: string | null): Promise<AgentApp> {
    const row = await this.repo.findByCode(code);
    if (!row || !visible(row, viewerId)) throw agentNotFound();
    return (await this.views([row], viewerId))[0]!;
  }

  async categories(): Promise<AgentCategory[]> {
    const counts = await this.repo.publicCountsByCategory();
    return AGENT_CATEGORIES.map((kind1) => ({ kind1, name: this.options.translator.text(CATEGORY_NAMES[kind1]), count: counts.get(kind1) ?? 0 }));
  }

  builtIn(page: PageRequest, viewerId: string): Promise<AgentPage> {
    return this.page({ ...pageOf(page), builtInOnly: true, order: 'mostUsed' }, viewerId);
  }

  mine(userId: string, request: MyAgentListRequest): Promise<AgentPage> {
    return this.page({ ...pageOf(request), ownerId: userId, withExtensions: request.funcCall === true, order: 'newest' }, userId);
  }

  /** The square (getPublicApp), or its plug-ins (getPubFuncCallApp: agents carrying extensions). */
  publicAgents(request: AgentListRequest, viewerId: string | null, options: { withExtensions: boolean }): Promise<AgentPage> {
    const keyWord = trimmed(request.keyWord);
    if (lengthOf(keyWord) > AGENT_LIMITS.keyWord) throw invalidField.tooLong('keyWord', AGENT_LIMITS.keyWord);
    return this.page(
      {
        ...pageOf(request),
        publicOnly: true,
        withExtensions: options.withExtensions,
        ...(request.kind1 ? { kind1: request.kind1 } : {}),
        ...(keyWord ? { keyWord: { text: keyWord, english: this.options.translator.edition === 'international' } } : {}),
        order: 'mostUsed',
      },
      viewerId,
    );
  }

  async create(userId: string, input: AgentInput): Promise<AgentApp> {
    const draft = mergeInput(EMPTY_DRAFT, input);
    await checkDraft(draft, this.rulesFor(userId));
    if ((await this.repo.countOwned(userId)) >= AGENT_LIMITS.perUser) throw tooManyAgents();
    const id = newAgentId();
    const at = this.options.now().toISOString();
    await this.repo.insert({ id, code: userAgentCode(id), slug: null, user_id: userId, ...draftColumns(draft), is_custom: 1, created_at: at, updated_at: at, deleted_at: null });
    return this.byCode(userAgentCode(id), userId);
  }

  async update(userId: string, id: string, input: Partial<AgentInput>): Promise<AgentApp> {
    const row = await this.owned(userId, id);
    const draft = mergeInput(draftOfRow(row), input);
    await checkDraft(draft, this.rulesFor(userId));
    await this.repo.update(row.id, { ...draftColumns(draft), updated_at: this.options.now().toISOString() });
    return this.byCode(row.code, userId);
  }

  async remove(userId: string, id: string): Promise<null> {
    const row = await this.owned(userId, id);
    await this.repo.update(row.id, { deleted_at: this.options.now().toISOString() });
    return null;
  }

  async favourites(userId: string, page: PageRequest): Promise<FavouriteAppPage> {
    const { rows, total } = await this.repo.favourites(userId, pageOf(page).offset, pageOf(page).limit);
    const agents = (await this.repo.byCodes(rows.map((row) => row.code))).filter((row) => visible(row, userId));
    const apps = new Map((await this.views(agents, userId)).map((app) => [app.code, app]));
    return { list: rows.map((row) => favouriteOf(row, apps.get(row.code) ?? null)), total };
  }

  async favourite(userId: string, input: FavouriteAppInput): Promise<FavouriteApp> {
    const appName = trimmed(input.appName);
    const coment = trimmed(input.coment);
    if (!appName) throw invalidField.missing('favouriteName');
    if (lengthOf(appName) > AGENT_LIMITS.favouriteName) throw invalidField.tooLong('favouriteName', AGENT_LIMITS.favouriteName);
    if (lengthOf(coment) > AGENT_LIMITS.favouriteComment) throw invalidField.tooLong('favouriteComment', AGENT_LIMITS.favouriteComment);
    if (this.options.policy.violation(appName)) throw bannedWords('favouriteName');
    if (this.options.policy.violation(coment)) throw bannedWords('favouriteComment');
    const agent = await this.repo.findByCode(input.code);
    const known = agent ? visible(agent, userId) : !!this.options.findModel(input.code);
    if (!known) throw invalidField.favouriteCode();
    const at = this.options.now().toISOString();
    const row = await this.repo.upsertFavourite({ id: randomUUID(), user_id: userId, code: input.code, app_name: appName, coment, created_at: at, updated_at: at });
    return favouriteOf(row, agent ? (await this.views([agent], userId))[0]! : null);
  }

  async unfavourite(userId: string, code: string): Promise<null> {
    await this.repo.deleteFavourite(userId, code);
    return null;
  }

  /** The agent behind a code as the chat uses it: unknown, deleted, hidden or another user's private agent is undefined. */
  async usable(code: string, userId: string): Promise<UsableAgent | undefined> {
    const row = await this.repo.findByCode(code);
    if (!row || !visible(row, userId)) return undefined;
    const texts = shownTexts(row, this.options.translator);
    const model = row.mannul_model;
    return {
      code: row.code,
      name: texts.appName,
      icon: row.assistant_url ?? iconOf(row),
      systemPrompt: row.system_prompt,
      answeredBy: model !== null && isAgentModel(this.options.findModel(model)) ? model : AGENT_FALLBACK_MODEL,
      hongScene: row.hong_scene,
      extensions: JSON.parse(row.mcps) as string[],
      starterQuestions: starterQuestions({ question1: texts.questions[0], question2: texts.questions[1], question3: texts.questions[2], question4: texts.questions[3] }),
    };
  }

  /** A conversation was started with the agent. */
  countUse(code: string): Promise<void> {
    return this.repo.incrementUses(code);
  }

  private async owned(userId: string, id: string): Promise<AgentRow> {
    const row = await this.repo.findById(id);
    if (!row || row.deleted_at !== null) throw agentNotFound();
    if (row.user_id !== userId) throw visible(row, userId) ? notOwner() : agentNotFound();
    return row;
  }

  private async page(query: AgentListQuery, viewerId: string | null): Promise<AgentPage> {
    const { rows, total } = await this.repo.list(query);
    return { list: await this.views(rows, viewerId), total };
  }

  private async views(rows: AgentRow[], viewerId: string | null): Promise<AgentApp[]> {
    const context: ViewContext = {
      viewerId,
      favourites: viewerId ? await this.repo.favouriteCodes(viewerId, rows.map((row) => row.code)) : new Set(),
      authors: await this.repo.usernames(rows.flatMap((row) => (row.user_id ? [row.user_id] : []))),
      translator: this.options.translator,
    };
    return rows.map((row) => appOf(row, context));
  }
}

function favouriteOf(row: FavouriteRow, app: AgentApp | null): FavouriteApp {
  return { id: row.id, appName: row.app_name, code: row.code, coment: row.coment, app, createTime: formatChinaDateTime(new Date(row.created_at)) };
}
