import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import { lazyPage, type AreaPageDefinition } from '@qiming/sdk/ui';
import { t } from './i18n';
import { TOOLS } from './itTools/catalogue';
import { toolName } from './itTools/toolName';

// Each page is its own chunk; the editor and its preview load only with 我的智能体.
const SquarePage = lazyPage(() => import('./agents/SquarePage').then((m) => m.SquarePage));
const PluginsPage = lazyPage(() => import('./agents/PluginsPage').then((m) => m.PluginsPage));
const MyAgentsPage = lazyPage(() => import('./agents/MyAgentsPage').then((m) => m.MyAgentsPage));
const MyPluginsPage = lazyPage(() => import('./agents/MyPluginsPage').then((m) => m.MyPluginsPage));
const KnowledgePage = lazyPage(() => import('./knowledge/KnowledgePage').then((m) => m.KnowledgePage));
const PublicKnowledgePage = lazyPage(() => import('./knowledge/PublicKnowledgePage').then((m) => m.PublicKnowledgePage));
const ResourcePage = lazyPage(() => import(/* webpackChunkName: "page-resourcePage" */ './resources/ResourcePage').then((m) => m.ResourcePage));
const ManualPage = lazyPage(() => import(/* webpackChunkName: "page-instructionPage" */ './manual/ManualPage').then((m) => m.ManualPage));
const FaqPage = lazyPage(() => import(/* webpackChunkName: "page-normalQuestionPage" */ './manual/FaqPage').then((m) => m.FaqPage));
// page-<route> chunk names: the server preloads them from the page's HTML (page-chunks.json).
type ItToolsModule = typeof import('./itTools/routes');
const itToolsPage = <P extends object>(pick: (m: ItToolsModule) => ComponentType<P>) =>
  lazyPage(() =>
    import(/* webpackChunkName: "page-itTools" */ './itTools/routes').then(async (m) => {
      await m.textReady();
      return pick(m);
    }),
  );
const ItToolsPage = itToolsPage((m) => m.ItToolsPage);
const ToolView = itToolsPage((m) => m.ToolView);
const ToolLauncherPage = lazyPage(() => import(/* webpackChunkName: "page-toolPage" */ './toolPage/ToolLauncherPage').then((m) => m.ToolLauncherPage));
const PaperPage = lazyPage(() => import(/* webpackChunkName: "page-paperPage" */ './paper/PaperPage').then((m) => m.PaperPage));
// The whiteboard's library (Excalidraw) is a further chunk, loaded only when a board opens.
const WhiteboardPage = lazyPage(() => import(/* webpackChunkName: "page-whiteBoard" */ './whiteboard/WhiteboardPage').then((m) => m.WhiteboardPage));
const WorksPage = lazyPage(() => import(/* webpackChunkName: "page-workPage" */ './works/WorksPage').then((m) => m.WorksPage));

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
