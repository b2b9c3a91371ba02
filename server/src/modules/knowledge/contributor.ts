import { knowledgePassageUrl, type Reference } from '@qiming/contracts';
import type { ContextContributor } from '../chat/context.js';
import { KNOWLEDGE_LIMITS } from './codes.js';
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

/** The system text a real model reads: the numbered passages and how to cite them. */
export function knowledgeSystemText(title: string, passages: readonly RetrievedPassage[]): string {
  if (passages.length === 0) {
    return `用户选择了知识库《${title}》，但其中没有找到与问题相关的资料。请告诉用户知识库中没有相关内容，再视情况给出一般性的回答，并说明它不来自知识库。`;
  }
  const sources = passages.map((passage, index) => {
    const where = passage.heading ? `《${passage.documentName}》 ${passage.heading}` : `《${passage.documentName}》`;
    return `[${index + 1}] ${where}\n${passage.text}`;
  });
  return [
    `以下是知识库《${title}》中与问题相关的资料。请依据这些资料回答，在用到某条资料的地方用 [编号] 标注（如 [1]）；资料不足以回答时，请如实说明哪些部分资料中没有。`,
    ...sources,
  ].join('\n\n');
}

const referenceOf = (knowledgeId: string, passage: RetrievedPassage, index: number): Reference => ({
  id: String(index + 1),
  title: passage.documentName,
  url: knowledgePassageUrl(knowledgeId, passage.chunkId),
  abstract: [...passage.text].length > KNOWLEDGE_CONTEXT.abstractChars ? `${[...passage.text].slice(0, KNOWLEDGE_CONTEXT.abstractChars).join('')}…` : passage.text,
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
        system: knowledgeSystemText(base.title, passages),
        references: passages.map((passage, index) => referenceOf(base.id, passage, index)),
        knowledge: { title: base.title, passages: passages.map(({ documentName, text }) => ({ documentName, text })) },
      };
    },
  };
}
