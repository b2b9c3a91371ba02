import { docChatPassageUrl, knowledgePassageUrl, pageLabel, type Reference } from '@qiming/contracts';
import type { ContextContributor } from '../chat/context.js';
import { KNOWLEDGE_LIMITS } from './codes.js';
import type { BaseRow } from './repository.js';
import type { KnowledgeService, RetrievedPassage } from './service.js';

/** What a knowledge base adds to one message: passages asked for, characters of passages at most. */
export const KNOWLEDGE_CONTEXT = { candidates: 8, budgetChars: 6000, abstractChars: 200 };

/** The passages that fit the budget, best first, a passage whose text repeats an earlier one left out. */
export function passagesWithinBudget(passages: readonly RetrievedPassage[], budgetChars: number): RetrievedPassage[] {
  const seen = new Set<string>();
  const chosen: RetrievedPassage[] = [];
  let used = 0;
  for (const passage of passages) {
    const key = passage.text.replace(/\s+/g, '');
    if (seen.has(key)) continue;
    if (chosen.length > 0 && used + passage.text.length > budgetChars) continue;
    seen.add(key);
    chosen.push(passage);
    used += passage.text.length;
  }
  return chosen;
}

/** The system text a real model reads: the numbered passages (with their pages) and how to cite them. A document chat's index speaks of the document. */
export function knowledgeSystemText(title: string, passages: readonly RetrievedPassage[], kind: BaseRow['kind'] = 'base'): string {
  const source = kind === 'document' ? `文档《${title}》` : `知识库《${title}》`;
  if (passages.length === 0) {
    return `用户选择了${source}，但其中没有找到与问题相关的内容。请告诉用户${kind === 'document' ? '文档' : '知识库'}中没有相关内容，再视情况给出一般性的回答，并说明它不来自${kind === 'document' ? '文档' : '知识库'}。`;
  }
  const sources = passages.map((passage, index) => {
    const where = [`《${passage.documentName}》`, pageLabel(passage.page, passage.pageEnd), passage.heading].filter(Boolean).join(' ');
    return `[${index + 1}] ${where}\n${passage.text}`;
  });
  return [
    `以下是${source}中与问题相关的资料。请依据这些资料回答，在用到某条资料的地方用 [编号] 标注（如 [1]）；资料不足以回答时，请如实说明哪些部分资料中没有。`,
    ...sources,
  ].join('\n\n');
}

/** A passage as a reference: titled with its page (文件名 第 3 页); a document chat's opens the page in /pdfChatPage, a base's the toolbox's passage view. */
const referenceOf = (base: Pick<BaseRow, 'id' | 'kind'>, passage: RetrievedPassage, index: number): Reference => ({
  id: String(index + 1),
  title: [passage.documentName, pageLabel(passage.page, passage.pageEnd)].filter(Boolean).join(' '),
  url: base.kind === 'document' && passage.page ? docChatPassageUrl(base.id, passage.chunkId, passage.page) : knowledgePassageUrl(base.id, passage.chunkId),
  abstract: [...passage.text].length > KNOWLEDGE_CONTEXT.abstractChars ? `${[...passage.text].slice(0, KNOWLEDGE_CONTEXT.abstractChars).join('')}…` : passage.text,
  passageId: passage.chunkId,
  ...(passage.page ? { page: passage.page, pageEnd: passage.pageEnd ?? passage.page } : {}),
});

/**
 * The chat's knowledge contributor (`knowledgeId`): refuses a base the user may not read (2601,
 * before anything is written), then adds the question's best passages to the system message,
 * numbered, with one reference per passage that opens it in the knowledge page; the offline model
 * quotes them.
 */
export function knowledgeContributor(knowledge: Pick<KnowledgeService, 'readable' | 'retrieve'>): ContextContributor {
  return {
    name: 'knowledge',
    async check({ userId, body }) {
      if (body.knowledgeId) await knowledge.readable(userId, body.knowledgeId);
    },
    async contribute({ userId, body }) {
      if (!body.knowledgeId) return null;
      const base = await knowledge.readable(userId, body.knowledgeId);
      const found = await knowledge.retrieve(base.id, body.request.slice(0, KNOWLEDGE_LIMITS.query), KNOWLEDGE_CONTEXT.candidates);
      const passages = passagesWithinBudget(found, KNOWLEDGE_CONTEXT.budgetChars);
      return {
        system: knowledgeSystemText(base.title, passages, base.kind),
        references: passages.map((passage, index) => referenceOf(base, passage, index)),
        knowledge: { title: base.title, kind: base.kind === 'document' ? 'document' : 'knowledge', passages: passages.map(({ documentName, text, page, pageEnd }) => ({ documentName, text, page, pageEnd })) },
      };
    },
  };
}
