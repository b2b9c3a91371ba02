import type { KnowledgeBase } from '@qiming/sdk/contracts';

/** The knowledge base the chat draws on: all the page needs of it (a `?kgId=&kgTitle=` link gives no more). */
export type SelectedKnowledge = Pick<KnowledgeBase, 'id' | 'title'>;

/** Where knowledge bases are created and managed (the toolbox's page). */
export const KNOWLEDGE_PAGE_PATH = '/toolBox/knowledgePage';
