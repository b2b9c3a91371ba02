import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import type { AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';
import { TOOLS } from './itTools/catalogue';
import { toolName } from './itTools/toolName';

// Each page is its own chunk; the editor and its preview load only with 我的智能体.
const SquarePage = lazy(() => import('./agents/SquarePage').then((m) => ({ default: m.SquarePage })));
const PluginsPage = lazy(() => import('./agents/PluginsPage').then((m) => ({ default: m.PluginsPage })));
const MyAgentsPage = lazy(() => import('./agents/MyAgentsPage').then((m) => ({ default: m.MyAgentsPage })));
const MyPluginsPage = lazy(() => import('./agents/MyPluginsPage').then((m) => ({ default: m.MyPluginsPage })));
const KnowledgePage = lazy(() => import('./knowledge/KnowledgePage').then((m) => ({ default: m.KnowledgePage })));
const PublicKnowledgePage = lazy(() => import('./knowledge/PublicKnowledgePage').then((m) => ({ default: m.PublicKnowledgePage })));
const ResourcePage = lazy(() => import(/* webpackChunkName: "page-resourcePage" */ './resources/ResourcePage').then((m) => ({ default: m.ResourcePage })));
const ManualPage = lazy(() => import(/* webpackChunkName: "page-instructionPage" */ './manual/ManualPage').then((m) => ({ default: m.ManualPage })));
const FaqPage = lazy(() => import(/* webpackChunkName: "page-normalQuestionPage" */ './manual/FaqPage').then((m) => ({ default: m.FaqPage })));
// page-<route> chunk names: the server preloads them from the page's HTML (page-chunks.json).
const itToolsPage = <K extends 'ItToolsPage' | 'ToolView'>(name: K) =>
  lazy(() =>
    import(/* webpackChunkName: "page-itTools" */ './itTools/routes').then(async (m) => {
      await m.textReady();
      return { default: m[name] };
    }),
  );
const ItToolsPage = itToolsPage('ItToolsPage');
const ToolView = itToolsPage('ToolView');
const ToolLauncherPage = lazy(() => import(/* webpackChunkName: "page-toolPage" */ './toolPage/ToolLauncherPage').then((m) => ({ default: m.ToolLauncherPage })));
const PaperPage = lazy(() => import(/* webpackChunkName: "page-paperPage" */ './paper/PaperPage').then((m) => ({ default: m.PaperPage })));
// The whiteboard's library (Excalidraw) is a further chunk, loaded only when a board opens.
const WhiteboardPage = lazy(() => import(/* webpackChunkName: "page-whiteBoard" */ './whiteboard/WhiteboardPage').then((m) => ({ default: m.WhiteboardPage })));
const WorksPage = lazy(() => import(/* webpackChunkName: "page-workPage" */ './works/WorksPage').then((m) => ({ default: m.WorksPage })));

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
  { path: '/resourcePage', title: t('pages.resources'), element: <ResourcePage /> },
  { path: '/instructionPage', title: t('pages.manual'), element: <ManualPage /> },
  { path: '/toolPage', title: t('pages.tools'), element: <ToolLauncherPage /> },
  { path: '/itTools', title: t('pages.itTools'), element: <ItToolsPage /> },
  // One route a tool, titled with its name; an unknown /itTools/<x> is the area's 页面不存在.
  ...TOOLS.map((tool) => ({ path: `/itTools/${tool.id}`, title: toolName(tool.id), element: <ToolView id={tool.id} /> })),
  // The board list draws its own heading; the editor takes the whole width and height under the navbar.
  { path: '/whiteBoard', title: t('pages.whiteboard'), element: <WhiteboardPage />, frame: false },
  { path: '/normalQuestionPage', title: t('pages.faq'), element: <FaqPage /> },
  { path: '/paperPage', title: t('pages.paperAssistant'), element: <PaperPage /> },
  { path: '/workPage', title: t('pages.works'), element: <WorksPage /> },
];
