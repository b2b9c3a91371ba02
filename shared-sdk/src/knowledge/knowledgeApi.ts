import type { UploadResult, KnowledgeBase, KnowledgeChunkPage, KnowledgeHit, KnowledgeInput, KnowledgeItem, KnowledgePassage } from '@qiming/contracts';
import { dataOf } from '../request/dataOf';
import { request } from '../sdk';

/**
 * The knowledge calls of spec chat §7 (shapes and rules in @qiming/contracts knowledge.ts), shared by
 * the toolbox area (knowledge pages) and the chat area (the `/` picker, the knowledge drawer, ?kgId).
 */
export const knowledgeApi = {
  create: (input: KnowledgeInput) => dataOf(request.post<KnowledgeBase>('backend-api/createKnowledge', input)),
  update: (id: string, input: Partial<KnowledgeInput>) => dataOf(request.post<KnowledgeBase>('backend-api/updateKnowledge', { ...input, id })),
  /** The caller's own bases. */
  mine: () => dataOf(request.get<KnowledgeBase[]>('backend-api/getMyKnowledge')),
  /** The caller's bases, then others' public ones (the chat's picker). */
  usable: () => dataOf(request.get<KnowledgeBase[]>('backend-api/getMyKnowledge2')),
  publicBases: (query: { keyWord?: string; pageNo?: number; pageSize?: number } = {}) => dataOf(request.get<KnowledgeBase[]>('backend-api/getAllKnowledgePublic', query)),
  items: (knowledgeId: string) => dataOf(request.get<KnowledgeItem[]>('backend-api/getKnowledgeItems', { knowledgeId })),
  removeItems: async (ids: readonly string[]) => {
    await dataOf(request.get<null>('backend-api/deleteKnowledgeItems', { ids: ids.join(',') }));
  },
  remove: async (id: string) => {
    await dataOf(request.get<null>('backend-api/deleteKnowledge', { id }));
  },
  /**
   * Uploads one document (uploadChatKnowledge2: sniffed, text extracted) with progress; addItems
   * attaches the answered id. Quiet: a refusal is the caller's to show beside its file.
   */
  upload: (file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return dataOf(request.upload<UploadResult>('backend-api/uploadChatKnowledge2', form, onProgress, { silent: true }));
  },
  /** Attaches uploads (ids answered by uploadChatKnowledge2) to a base; they are queued for indexing. */
  addItems: (knowledgeId: string, uploadIds: readonly string[]) => dataOf(request.post<KnowledgeItem[]>('backend-api/addKnowledgeItems', { knowledgeId, uploadIds })),
  reindex: (id: string) => dataOf(request.post<KnowledgeItem>('backend-api/reindexKnowledgeItem', { id })),
  chunks: (itemId: string, pageNo = 1) => dataOf(request.get<KnowledgeChunkPage>('backend-api/knowledgeChunks', { itemId, pageNo })),
  /** `silent`: no error toast (a caller that says itself what a missing passage means). */
  passage: (id: string, { silent = false }: { silent?: boolean } = {}) => dataOf(request.get<KnowledgePassage>('backend-api/knowledgePassage', { id }, { silent })),
  hitTest: (knowledgeId: string, query: string, topK = 5) => dataOf(request.post<KnowledgeHit[]>('backend-api/knowledgeHitTest', { knowledgeId, query, topK })),
};

export type KnowledgeApi = typeof knowledgeApi;
