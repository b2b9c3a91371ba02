import type { KnowledgeItemStatus } from './knowledge.js';

/**
 * Document chat (/pdfChatPage, 文档对话): a PDF the user uploaded (or a Word file, converted to PDF by the server), shown in a viewer, and
 * conversations that answer from it with page citations. Our own calls (the spec names the page
 * only); decisions in server/src/modules/docChat/README.md. All signed in, the caller's documents only.
 *
 *   POST docChat/create { uploadId }  → DocChatDocument (its index 排队中; an upload from uploadChatKnowledge2)
 *   POST docChat/list   {}            → DocChatDocument[] (newest first)
 *   POST docChat/get    { id }        → DocChatDetail (suggested questions, the document's conversations)
 *   POST docChat/delete { id }        → null (the index goes with it; the conversations stay in the history)
 *
 * A document's chat is the ordinary getStream with `knowledgeId` = the document's `knowledgeId`:
 * the answer's references carry `page` (and `pageEnd`) and `passageId`.
 */

const docChatCodes = {
  /** 文档不存在或已删除 (also another user's document) */
  notFound: 3601,
  /** Not a document the viewer shows, no text layer (a scan), too many pages */
  badDocument: 3602,
  /** 文档数量已达上限 */
  tooMany: 3603,
};
export const DOC_CHAT_CODES = docChatCodes as Readonly<typeof docChatCodes>;

export const DOC_CHAT_LIMITS = {
  /** Documents per user. */
  perUser: 50,
  /** Pages of one document. */
  maxPages: 500,
  /** Suggested questions offered for a document. */
  suggestions: 4,
} as const;

export interface DocChatDocument {
  id: string;
  name: string;
  pages: number;
  /** The index's state (the knowledge module's ingestion): queued → parsing → done | failed. */
  status: KnowledgeItemStatus;
  /** 排队中 / 解析中 / 已完成 / 失败（原因） */
  statusText: string;
  /** The hidden knowledge base the chat sends as getStream's knowledgeId. */
  knowledgeId: string;
  /** The PDF: GET backend-api/uploadedFile/{uploadId} serves it (the upload, or for a Word file the PDF the server made from it). */
  uploadId: string;
  createdAt: string;
}

export interface DocChatConversation {
  convGroupId: string;
  title: string;
  updatedAt: string;
}

export interface DocChatDetail extends DocChatDocument {
  /** Questions to start with, from the document's headings (or its opening) — no model needed. */
  suggestions: string[];
  /** Conversations held with this document, last active first. */
  conversations: DocChatConversation[];
}

/** Where a passage of a document chat is opened: the page, at that page, with the passage marked. */
export function docChatPassageUrl(knowledgeId: string, chunkId: string, page: number): string {
  return `/pdfChatPage?kb=${encodeURIComponent(knowledgeId)}&page=${page}&chunk=${encodeURIComponent(chunkId)}`;
}

/** 第 3 页, 第 3–4 页 (a passage over a page break); '' without a page. */
export function pageLabel(page: number | null | undefined, pageEnd?: number | null): string {
  if (!page) return '';
  return pageEnd && pageEnd !== page ? `第 ${page}–${pageEnd} 页` : `第 ${page} 页`;
}
