import type { KnowledgeApi } from '@qiming/sdk';
import type { AgentApp, AgentInput, AgentPage, FavouriteAppInput, KnowledgeBase, KnowledgeChunk, KnowledgeInput, KnowledgeItem, ModelCatalogue, ModelOption } from '@qiming/sdk/contracts';
import type { ToolboxApi } from '../api/toolboxApi';

export function agent(id: string, extra: Partial<AgentApp> = {}): AgentApp {
  return {
    id,
    code: `gpt-4-gizmo-g-user-c-${id}`,
    mannulModel: 'gpt-4o-mini',
    appName: `智能体${id}`,
    description: `简介${id}`,
    appUrl: null,
    assistantUrl: null,
    question1: '你能做什么？',
    question2: '',
    question3: '',
    question4: '',
    systemPrompt: null,
    hongScene: null,
    imageUrlYour: null,
    imageUrlParteners: null,
    isCustom: 1,
    isPublic: 1,
    colled: 0,
    kind1: 'writing',
    mcps: [],
    author: '小明',
    uses: 12,
    mine: false,
    createTime: '2026-01-01T00:00:00.000Z',
    updateTime: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const option = (value: string, label: string, modelprice: string, textOnly = true) => ({ value, label, modelprice, textOnly }) as ModelOption;
const catalogue: ModelCatalogue = {
  options: [option('gpt-4o-mini', 'GPT-4o mini', '40积分/次'), option('glm-4-flash', 'GLM-4-Flash', '3积分/次'), option('flux', 'Flux', '20积分/次', false)],
  optionsOrigion: ['gpt-4o-mini', 'glm-4-flash', 'flux'],
  canUploadFileModels: [],
  textOptions: ['gpt-4o-mini', 'glm-4-flash'],
  version: '1',
};

const page = (list: AgentApp[], total = list.length): AgentPage => ({ list, total });

/** An api answering like the server with `list` everywhere; each call is a jest mock to assert on. */
export function fakeApi(list: AgentApp[] = [agent('1'), agent('2')], total = list.length): jest.Mocked<ToolboxApi> {
  const api: ToolboxApi = {
    categories: jest.fn(async () => [
      { kind1: 'writing' as const, name: '写作', count: 3 },
      { kind1: 'coding' as const, name: '编程', count: 2 },
    ]),
    publicAgents: jest.fn(async () => page(list, total)),
    publicPlugins: jest.fn(async () => page(list, total)),
    mine: jest.fn(async () => page(list, total)),
    favourites: jest.fn(async () => ({ list: [], total: 0 })),
    favourite: jest.fn(async (input: FavouriteAppInput) => ({ ...input, id: 'f1', app: null, createTime: '' })),
    unfavourite: jest.fn(async () => {}),
    remove: jest.fn(async () => {}),
    create: jest.fn(async (input: AgentInput) => agent('new', { ...input, isPublic: input.isPublic ?? 0, mine: true }) as AgentApp),
    update: jest.fn(async (id: string, input: AgentInput) => agent(id, { ...input, isPublic: input.isPublic ?? 0, mine: true }) as AgentApp),
    uploadImage: jest.fn(async (file: File) => ({ knowledgeId: 'k1', fileContent: '', url: '/app-api/backend-api/uploadedFile/k1', name: file.name, kind: 'image' as const, mime: 'image/png', size: file.size, ocr: false })),
    models: jest.fn(async () => catalogue),
    send: jest.fn(async () => ({ status: 'done' as const, endedWithoutDone: false, ids: {}, lastSeq: 0, attempts: 1, mode: 'stream' as const })),
    stop: jest.fn(async () => ({ stopped: true })),
    removeConversation: jest.fn(async () => {}),
    knowledge: fakeKnowledge(),
  };
  return api as jest.Mocked<ToolboxApi>;
}

export function knowledgeBase(id: string, extra: Partial<KnowledgeBase> = {}): KnowledgeBase {
  return {
    id,
    title: `知识库${id}`,
    remark: `简介${id}`,
    isPublic: 0,
    mine: true,
    author: '小明',
    documentCount: 2,
    chunkCount: 30,
    sizeBytes: 2048,
    createTime: '2026-01-01T00:00:00.000Z',
    updateTime: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export function knowledgeItem(id: string, extra: Partial<KnowledgeItem> = {}): KnowledgeItem {
  return {
    id,
    knowledgeId: 'kb1',
    name: `文档${id}.pdf`,
    mime: 'application/pdf',
    sizeBytes: 1536,
    status: 'done',
    statusText: '已完成',
    error: null,
    chunkCount: 12,
    createTime: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export function knowledgeChunk(id: string, extra: Partial<KnowledgeChunk> = {}): KnowledgeChunk {
  return { id, itemId: 'i1', seq: 0, heading: '', text: `段落${id}`, ...extra };
}

/** A knowledge client answering like the server: `bases` (own one `kb1` by default, which create and remove change), each with one finished document. */
export function fakeKnowledge(initial: KnowledgeBase[] = [knowledgeBase('kb1')]): jest.Mocked<KnowledgeApi> {
  let bases = [...initial];
  const api: KnowledgeApi = {
    create: jest.fn(async (input: KnowledgeInput) => {
      const created = knowledgeBase('new', { ...input, remark: input.remark ?? '', isPublic: input.isPublic ?? 0 });
      bases = [created, ...bases];
      return created;
    }),
    update: jest.fn(async (id: string, input: Partial<KnowledgeInput>) => knowledgeBase(id, { ...input })),
    mine: jest.fn(async () => bases.filter((base) => base.mine)),
    usable: jest.fn(async () => bases),
    publicBases: jest.fn(async () => bases.filter((base) => base.isPublic === 1)),
    items: jest.fn(async () => [knowledgeItem('i1')]),
    removeItems: jest.fn(async () => {}),
    remove: jest.fn(async (id: string) => {
      bases = bases.filter((base) => base.id !== id);
    }),
    upload: jest.fn(async (file: File, onProgress: (percent: number) => void) => {
      onProgress(100);
      return { knowledgeId: `up-${file.name}`, fileContent: '', url: '', name: file.name, kind: 'text' as const, mime: 'text/plain', size: file.size, ocr: false };
    }),
    addItems: jest.fn(async (knowledgeId: string, uploadIds: readonly string[]) => uploadIds.map((id) => knowledgeItem(id, { knowledgeId, status: 'queued', statusText: '排队中' }))),
    reindex: jest.fn(async (id: string) => knowledgeItem(id, { status: 'queued', statusText: '排队中' })),
    chunks: jest.fn(async () => ({ list: [knowledgeChunk('c1')], total: 1 })),
    passage: jest.fn(async (id: string) => ({ chunk: knowledgeChunk(id), knowledgeId: 'kb1', knowledgeTitle: '知识库kb1', documentName: '文档i1.pdf', pageNo: 1 })),
    hitTest: jest.fn(async () => []),
  };
  return api as jest.Mocked<KnowledgeApi>;
}
