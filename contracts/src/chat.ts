import type { ToolCallRecord } from './extensions.js';

/**
 * Chat: the model catalogue, the streaming gateway and conversation history (spec chat §3, §7).
 * Paths under /app-api; every JSON response is the envelope { code, data, msg }.
 */

/** Codes and messages of the chat calls (besides 401, 602 and the stream cancel codes). */
export const CHAT_CODES = {
  bannedContent: { code: 1901, msg: '禁止输入违反中华人民共和国法律法规的内容！' },
  systemPromptTooLong: { code: 1902, msg: '输入长度不能超过10000' },
  emptyInput: { code: 1903, msg: '请输入要发送的内容' },
  conversationNotFound: { code: 1904, msg: '对话不存在或已被删除' },
  parentNotFound: { code: 1905, msg: '要回复的消息不存在，请刷新后重试' },
  modelUnavailable: { code: 1906, msg: '模型服务暂时不可用，请稍后重试' },
  generationNotFound: { code: 1907, msg: '没有正在进行的生成' },
  generationFailed: { code: 1908, msg: '当前回复生成失败，请重新生成，未生成成功不扣积分。' },
  serverBusy: { code: 1909, msg: '服务器繁忙，请稍后再试' },
  stoppedByUser: { code: 699, msg: '已停止生成' },
  reloadConversation: { code: 608, msg: '对话已更新，请刷新后重试' },
};

/** spec chat §5 and §9: the system prompt limit and default, the most memory rounds. */
export const CHAT_LIMITS = {
  systemPromptMax: 10000,
  defaultSystemPrompt: 'Take a deep breath and think step by step. 除非用户指定了其他语言，否则请用中文回答。',
  recentChatLenMax: 8,
};

// ---- catalogue -------------------------------------------------------------------------------

/** A question the model card suggests (the spec spells the field `quetion`). */
export interface ExampleQuestion {
  quetion: string;
  belongModel?: string;
}

export type ModelGroup = 'gpt' | 'claude' | 'deepseek' | 'perplexity' | 'gemini' | 'musk' | 'doubao' | 'glm' | 'other' | 'deepseek-r1t-chimera';
export type ModelLevel = '基础' | '高级' | '推理' | '编码' | '绘画' | '音乐' | '视频' | '写作';

/** One entry of the model picker (spec chat §3 "Model option"), as the server serves it. */
export interface ModelOption {
  /** The model id sent to chat as `model`. */
  value: string;
  label: string;
  labelText: string;
  minilabel: string;
  icon: string;
  path: string;
  tooltip: string;
  tooltip2: string;
  modelType: ModelGroup;
  /** '{product}' (our own channel) or '官方'. */
  type: string;
  isNewModel: boolean;
  isHighLevelModel: boolean;
  /** Shows reasoning. */
  think: boolean;
  /** Searches the web. */
  web: boolean;
  level: ModelLevel;
  /** 2 to 10. */
  stars: number;
  /** Category / channel group: 0, 1, 2, 3, 4, 5, 6, 8, 9, 12, 13; 10 is a knowledge base. */
  uid: number;
  funLabel: string;
  funLabelList: string[];
  exampleQuestionList: ExampleQuestion[];
  /** The price line: "600积分/次", "0.01积分/字", "100000积分/百万tokens". Computed from the price rule. */
  modelprice: string;
  modelpriceTip: string;
  shortIntro: string;
  shortIntro2: string;
  /** Accepts uploaded files (canUploadFileModels). */
  canUpload: boolean;
  /** Text only (textOptions). */
  textOnly: boolean;
  /** No real upstream is configured: answers come from the embedded offline model (离线演示). */
  offlineDemo: boolean;
  /**
   * The 联网搜索 switch can run for this model. False where no search provider serves it (a real
   * channel gets no search yet): the client disables the switch, the server ignores it and charges nothing.
   */
  webSearchAvailable: boolean;
}

// GET backend-api/getModelOptions → ModelCatalogue (no login needed)
export interface ModelCatalogue {
  options: ModelOption[];
  /** Every model id (the spec's optionsOrigion). */
  optionsOrigion: string[];
  canUploadFileModels: string[];
  textOptions: string[];
  /** Changes whenever the catalogue does (clients may cache by it). */
  version: string;
}

/**
 * The tag shown on models and answers served by the offline model (the domestic text; an area shows
 * it through its i18n, `models.offlineDemo`, so the international build says "Offline demo").
 */
export const OFFLINE_DEMO_LABEL = '离线演示';

// ---- streaming -------------------------------------------------------------------------------

/** An uploaded file as the upload calls return it (spec chat §3). */
export interface UploadedFile {
  knowledgeId?: string | null;
  fileContent?: string | null;
  url?: string | null;
  name?: string | null;
  actualName?: string | null;
  nameFromFront?: string | null;
}

/**
 * Body of POST backend-api/getStream (spec chat §7). `parentConvId` says where the message goes:
 * null starts at the root, an assistant node continues after that answer, and a user node
 * regenerates the answer to that message (a sibling answer; `request` is then ignored). Editing a
 * user message sends the edited text with the edited node's parent: a sibling user node.
 */
export interface StreamRequestBody {
  /** Memory rounds (gptConfig.recentChatLen), 1 to 8. */
  recentChatLen: number;
  /** Model id. */
  model: string;
  stream: boolean;
  /** Web-wide search (500 points per use on top of the model's price). */
  search: boolean;
  /** null for a new conversation. */
  convGroupId: string | null;
  /** The node this message follows (null at the root). */
  parentConvId: string | null;
  /** The user's message. */
  request: string;
  useContext: boolean;
  modelName: string;
  /** Omitted for image and video models. */
  systemPrompt?: string;
  useHong: boolean;
  knowledgeId: string | null;
  /** Agent or app code. */
  intelligentCode: string | null;
  uploadedFiles: UploadedFile[];
  /** MCP service names, deduplicated; omitted for image and video models. */
  mcps?: string[];
}

/** A web source an answer used (spec chat §3 "Reference"). */
export interface Reference {
  id: string;
  title: string;
  url: string;
  urlIcon?: string;
  abstract?: string;
  icon?: string;
  /** A passage of a paged document (PDF): its first page, 1-based. */
  page?: number;
  /** …and its last page when it runs over a page break. */
  pageEnd?: number;
  /** The knowledge passage cited (knowledgePassage?id=). */
  passageId?: string;
}

/**
 * One SSE data payload (spec chat §3 "Stream chunk"). Servers may send null for absent fields.
 * Besides the spec's fields the gateway sends `seq` (1, 2, 3… per generation; the SSE `id` too),
 * `choices[0].delta.reasoning_content` (the thinking of think models), `references` (web models),
 * `parentConvId` with the ids (the message being answered), and on the chunk that completes the
 * answer `answerComplete: true`, `createTime` (the answer's, as saved) and `offlineDemo` (an
 * answer from the offline model). That chunk means the answer is saved and billed; a real
 * channel's `follow_up` chunk may still come after it, before `event: done`.
 */
export interface StreamChunk {
  seq?: number | null;
  code?: number | null;
  error?: string | null;
  title?: string | null;
  type?: 'ping' | 'follow_up' | 'normal' | null;
  choices?: Array<{ delta?: { content?: string | null; reasoning_content?: string | null } | null }> | null;
  convId?: string | number | null;
  convGroupId?: string | number | null;
  /** The node the answer follows: the question (the user message) it answers. */
  parentConvId?: string | number | null;
  references?: Reference[] | null;
  offlineDemo?: boolean | null;
  /** The chunk that completes the answer (saved, points settled). */
  answerComplete?: boolean | null;
  /** On that chunk: the answer's creation time as saved (ISO 8601). */
  createTime?: string | null;
  /** Tool calls of extensions that started or changed (merged by id into what came before). */
  toolCalls?: ToolCallRecord[] | null;
}

/**
 * Content starting with one of these is a progress line (spec chat §4): it replaces the text
 * shown so far instead of being appended. `Searching: ` is 正在搜索：… as the international
 * edition's server writes it.
 */
export const PROGRESS_PREFIXES = ['深度思考', '正在深度思考', '正在搜索', '搜索中', 'Searching: '] as const;

// GET backend-api/checkChatId?chatId= → boolean (true while the generation runs)
// GET backend-api/stopChatId?chatId= → StopResult
export interface StopResult {
  /** false when the generation had already ended. */
  stopped: boolean;
}
// GET backend-api/resumeStream?convId=&after=<seq> → SSE: the chunks after `after`, then live ones, then `event: done`
// (after the chunk completing the answer too: a real channel's follow-ups come after it).

// ---- conversations ---------------------------------------------------------------------------

/** spec chat §3 "Conversation group". */
export interface ConversationGroup {
  convGroupId: string;
  title: string;
  createTime: string;
  gptsId: string | null;
  icon: string | null;
  showInput: boolean;
}

export type NodeStatus = 'generating' | 'done' | 'stopped' | 'failed';

export interface ChatContentItem {
  role: 'user' | 'assistant';
  content: string;
  /** The reasoning of think models (assistant only). */
  reasoning?: string;
  references?: Reference[];
  followUps?: string[];
  /** The extensions' tool calls the answer made, in order (assistant only). */
  toolCalls?: ToolCallRecord[];
}

/**
 * spec chat §3 "Conversation node": one message (a user message or one answer) with its branches.
 * `childs` are the alternative next messages (regenerated answers, edited questions), oldest first;
 * `selectedChild` is the index of the branch shown (remembered across reloads).
 */
export interface ConversationNode {
  convId: string;
  convGroupId: string;
  parentConvId: string | null;
  gptsId: string | null;
  modelName: string;
  model: string;
  knowledgeId: string | null;
  knowledgeName: string | null;
  chatContent: ChatContentItem[];
  status: NodeStatus;
  /** Why a failed answer failed (shown with the regenerate button). */
  error: string | null;
  offlineDemo: boolean;
  createTime: string;
  selectedChild: number;
  childs: ConversationNode[];
}

// GET backend-api/getConversations?convGroupId= → ConversationTree: the whole tree with every
// content (the share snapshot reads it). The chat page reads getConversationBranch instead.
export interface ConversationTree {
  group: ConversationGroup;
  /** The first messages (several when the first question was edited). */
  roots: ConversationNode[];
  selectedRoot: number;
}

/** A conversation node's own fields, without its branches. */
export type ConversationMessage = Omit<ConversationNode, 'childs' | 'selectedChild'>;

/** One message of a branch and its place among its versions (spec chat §3 "Dialogue entry": curIndex, chatLen). */
export interface BranchMessage {
  node: ConversationMessage;
  /** 1-based position among its versions: the message and its siblings, oldest first. */
  curIndex: number;
  /** How many versions there are. */
  chatLen: number;
  /** The convId of the version before and after this one (what ‹ › show); null at either end. */
  previousVersion: string | null;
  nextVersion: string | null;
}

/** Messages per page of getConversationBranch: the default (what a conversation opens with) and the most one call gives. */
export const BRANCH_PAGE = { size: 40, max: 200 };

/**
 * GET backend-api/getConversationBranch?convGroupId=&limit=&before=|from= → ConversationBranch
 *
 * The branch shown — from the selected first message down each level's selected version (the
 * newest where none is) — paged from its end, so a long conversation opens without reading it all:
 * - neither `before` nor `from`: its last `limit` messages (BRANCH_PAGE.size by default, at most
 *   BRANCH_PAGE.max);
 * - `before=<convId>`: the `limit` messages above that one, on the path to it (scrolling up);
 * - `from=<convId>` (a version just switched to): the branch that continues from that message,
 *   each level below it its selected version, its last `limit` messages — the first one is
 *   `from` itself unless that part is longer than `limit`.
 * 1904 when the conversation, or the message named, is missing or another user's; 400 for both
 * `before` and `from`.
 */
export interface ConversationBranch {
  group: ConversationGroup;
  /** Oldest first. */
  messages: BranchMessage[];
  /** Messages exist above the first one (ask with before=<its convId>). */
  hasEarlier: boolean;
}

// GET backend-api/getConversationGroups → ConversationGroup[] (newest first)
// POST backend-api/getConversationGroupsPage { pageNo, pageSize } → Page<ConversationGroup>
// GET backend-api/changeTitle?convGroupId=&title= → null (empty or unchanged titles are ignored)
// GET backend-api/deleteConvGroup?convGroupId=<id|all> → { deleted: number }
// GET backend-api/selectBranch?convId= → null: shows that node's branch from now on (its parent remembers it)

// ---- prompt templates ------------------------------------------------------------------------

/** spec chat §3 "Prompt template" (the spec spells the prompt field `promt`). */
export interface PromptTemplate {
  id: string;
  title: string;
  subTitle: string;
  /** The whole prompt, ready to send; 【在此填写…】 (international edition: [Fill in …]) marks what the user fills in. */
  promt: string;
}

/** One tab of the settings drawer's prompt templates (spec chat §2, tab 0). */
export interface PromptCategory {
  key: string;
  name: string;
  templates: PromptTemplate[];
}

// GET backend-api/getPromptTemplates → PromptTemplateList (no login needed; ETag / 304)
export interface PromptTemplateList {
  categories: PromptCategory[];
}
