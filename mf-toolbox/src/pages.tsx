import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import type { AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';

// Each page is its own chunk; the editor and its preview load only with 我的智能体.
const SquarePage = lazy(() => import('./agents/SquarePage').then((m) => ({ default: m.SquarePage })));
const PluginsPage = lazy(() => import('./agents/PluginsPage').then((m) => ({ default: m.PluginsPage })));
const MyAgentsPage = lazy(() => import('./agents/MyAgentsPage').then((m) => ({ default: m.MyAgentsPage })));
const MyPluginsPage = lazy(() => import('./agents/MyPluginsPage').then((m) => ({ default: m.MyPluginsPage })));
const KnowledgePage = lazy(() => import('./knowledge/KnowledgePage').then((m) => ({ default: m.KnowledgePage })));
const PublicKnowledgePage = lazy(() => import('./knowledge/PublicKnowledgePage').then((m) => ({ default: m.PublicKnowledgePage })));
// The whiteboard's library (Excalidraw) is a further chunk, loaded only when a board opens.
const WhiteboardPage = lazy(() => import('./whiteboard/WhiteboardPage').then((m) => ({ default: m.WhiteboardPage })));
const WorksPage = lazy(() => import('./works/WorksPage').then((m) => ({ default: m.WorksPage })));

/** Called at render time, so the titles are in the page's language. */
export const pages = (): AreaPageDefinition[] => [
  // The directory's front page is the agent square.
  { path: '/toolBox', title: t('pages.catalog'), element: <Navigate to="/toolBox/apps2" replace /> },
  { path: '/toolBox/apps', title: t('pages.plugins'), element: <PluginsPage /> },
  { path: '/toolBox/apps2', title: t('pages.agents'), element: <SquarePage /> },
  { path: '/toolBox/coll', title: t('pages.favorites'), element: <MyAgentsPage initialTab="favourites" /> },
  { path: '/toolBox/coll2', title: t('pages.myAgents'), element: <MyAgentsPage /> },
  { path: '/toolBox/knowledgePage', title: t('pages.myKnowledgeBases'), element: <KnowledgePage /> },
  { path: '/toolBox/knowledgePagePublic', title: t('pages.publicKnowledgeBases'), element: <PublicKnowledgePage /> },
  { path: '/toolBox/functionCall', title: t('pages.myPlugins'), element: <MyPluginsPage /> },
  { path: '/resourcePage', title: t('pages.resources') },
  { path: '/instructionPage', title: t('pages.manual') },
  { path: '/toolPage', title: t('pages.tools') },
  { path: '/itTools', title: t('pages.itTools') },
  // The board list draws its own heading; the editor takes the whole width and height under the navbar.
  { path: '/whiteBoard', title: t('pages.whiteboard'), element: <WhiteboardPage />, frame: false },
  { path: '/normalQuestionPage', title: t('pages.faq') },
  { path: '/paperPage', title: t('pages.paperAssistant') },
  { path: '/workPage', title: t('pages.works'), element: <WorksPage /> },
];
