import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { KnowledgeBase } from '@qiming/contracts';
import type { RetrievedPassage } from '../../knowledge/index.js';
import { answered, ToolRefusal } from './toolResult.js';

/** What 知识库检索 needs of the knowledge module. */
export interface KnowledgeSearch {
  /** The caller's bases, then the public bases of others. */
  usable(userId: string): Promise<KnowledgeBase[]>;
  retrieve(knowledgeId: string, query: string, topK: number): Promise<RetrievedPassage[]>;
}

/** Bases searched when none is named: the caller's own first. */
const MAX_BASES = 10;
const PASSAGE_MAX_CHARS = 1500;

/** 知识库检索: searches the caller's usable knowledge bases (one named, or the caller's own). */
export function registerKnowledgeTools(server: McpServer, userId: string, knowledge: KnowledgeSearch): void {
  server.registerTool(
    'search_knowledge',
    {
      title: '知识库检索',
      description: '在用户的知识库中检索与问题相关的段落，返回带编号的原文段落和所在文档名。回答涉及用户资料、文档、公司制度等内容时调用它，并按编号引用。',
      inputSchema: {
        query: z.string().min(1).max(500).describe('要检索的问题或关键词'),
        knowledge: z.string().max(100).optional().describe('知识库的名称或 id；不填则检索用户自己的全部知识库'),
        topK: z.number().int().min(1).max(10).optional().describe('返回的段落数，默认 5'),
      },
    },
    async ({ query, knowledge: named, topK = 5 }) =>
      answered(async () => {
        const usable = await knowledge.usable(userId);
        const bases = pickBases(usable, named?.trim());
        const found = (await Promise.all(bases.map(async (base) => (await knowledge.retrieve(base.id, query, topK)).map((passage) => ({ base, passage })))))
          .flat()
          .sort((a, b) => b.passage.score - a.passage.score)
          .slice(0, topK);
        if (found.length === 0) return `在知识库（${bases.map((base) => `「${base.title}」`).join('、')}）中没有找到与「${query}」相关的内容。`;
        return found
          .map(({ base, passage }, index) => {
            const text = passage.text.length > PASSAGE_MAX_CHARS ? `${passage.text.slice(0, PASSAGE_MAX_CHARS)}…` : passage.text;
            return `[${index + 1}] 《${passage.documentName}》${passage.heading ? ` · ${passage.heading}` : ''}（知识库：${base.title}）\n${text}`;
          })
          .join('\n\n');
      }),
  );
}

function pickBases(usable: KnowledgeBase[], named: string | undefined): KnowledgeBase[] {
  if (named) {
    const base = usable.find((b) => b.id === named) ?? usable.find((b) => b.title === named) ?? usable.find((b) => b.mine && b.title.includes(named));
    if (!base) {
      const own = usable.filter((b) => b.mine).map((b) => `「${b.title}」`);
      throw new ToolRefusal(`没有找到名为「${named}」的知识库${own.length ? `（你的知识库：${own.join('、')}）` : ''}`);
    }
    return [base];
  }
  const own = usable.filter((b) => b.mine).slice(0, MAX_BASES);
  if (own.length === 0) throw new ToolRefusal('你还没有知识库。请先在“知识库”页面创建知识库并上传文档，或指定要检索的公开知识库名称。');
  return own;
}
