import { chat, dataOf, request } from '@qiming/sdk';
import type { ConversationBranch, DocChatDetail, DocChatDocument, KnowledgePassage, UploadResult } from '@qiming/sdk/contracts';

/** The document chat's calls (contract: @qiming/sdk/contracts docChat.ts) and the pieces of the chat it uses. */
export const docChatApi = {
  upload: (file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return dataOf(request.upload<UploadResult>('backend-api/uploadChatKnowledge2', form, onProgress));
  },
  create: (uploadId: string) => dataOf(request.post<DocChatDocument>('docChat/create', { uploadId })),
  list: () => dataOf(request.post<DocChatDocument[]>('docChat/list', {})),
  get: (id: string) => dataOf(request.post<DocChatDetail>('docChat/get', { id })),
  remove: (id: string) => dataOf(request.post<null>('docChat/delete', { id })),
  /** The PDF's bytes (uploadedFile needs the bearer and the signature: fetched as a blob, handed to pdf.js as data). */
  file: async (uploadId: string): Promise<Uint8Array> => {
    const blob = await request.blob(`backend-api/uploadedFile/${uploadId}`, undefined, 'GET');
    if (!blob) throw new Error('the request client is disabled');
    return new Uint8Array(await blob.arrayBuffer());
  },
  /** The whole text of a cited passage (its reference carries 200 characters): what the viewer marks. */
  passage: (passageId: string) => dataOf(request.get<KnowledgePassage>('backend-api/knowledgePassage', { id: passageId }, { silent: true })),
  branch: (convGroupId: string) => dataOf(request.get<ConversationBranch>('backend-api/getConversationBranch', { convGroupId, limit: 200 }, { silent: true })),
  send: (...args: Parameters<typeof chat.send>) => chat.send(...args),
  stop: (chatId: string) => chat.stop(chatId),
};

export type DocChatApi = typeof docChatApi;
