import type { AreaPageDefinition } from '@qiming/sdk/ui';

export const pages: AreaPageDefinition[] = [
  { path: '/toolBox', title: 'AI 应用目录' },
  { path: '/toolBox/apps', title: 'AI 插件' },
  { path: '/toolBox/apps2', title: '智能体' },
  { path: '/toolBox/coll', title: '我的收藏' },
  { path: '/toolBox/coll2', title: '创建智能体' },
  { path: '/toolBox/knowledgePage', title: '我的知识库' },
  { path: '/toolBox/knowledgePagePublic', title: '公共知识库' },
  { path: '/toolBox/functionCall', title: '我的插件' },
  { path: '/resourcePage', title: '资源导航' },
  { path: '/instructionPage', title: '使用手册' },
  { path: '/toolPage', title: '工具箱' },
  { path: '/itTools', title: 'IT 工具' },
  { path: '/whiteBoard', title: '白板' },
  { path: '/normalQuestionPage', title: '常见问题' },
  { path: '/paperPage', title: '论文助手' },
  { path: '/workPage', title: '作品' },
];
