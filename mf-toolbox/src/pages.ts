import type { AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';

/** Called at render time, so the titles are in the page's language. */
export const pages = (): AreaPageDefinition[] => [
  { path: '/toolBox', title: t('pages.catalog') },
  { path: '/toolBox/apps', title: t('pages.plugins') },
  { path: '/toolBox/apps2', title: t('pages.agents') },
  { path: '/toolBox/coll', title: t('pages.favorites') },
  { path: '/toolBox/coll2', title: t('pages.createAgent') },
  { path: '/toolBox/knowledgePage', title: t('pages.myKnowledgeBases') },
  { path: '/toolBox/knowledgePagePublic', title: t('pages.publicKnowledgeBases') },
  { path: '/toolBox/functionCall', title: t('pages.myPlugins') },
  { path: '/resourcePage', title: t('pages.resources') },
  { path: '/instructionPage', title: t('pages.manual') },
  { path: '/toolPage', title: t('pages.tools') },
  { path: '/itTools', title: t('pages.itTools') },
  { path: '/whiteBoard', title: t('pages.whiteboard') },
  { path: '/normalQuestionPage', title: t('pages.faq') },
  { path: '/paperPage', title: t('pages.paperAssistant') },
  { path: '/workPage', title: t('pages.works') },
];
