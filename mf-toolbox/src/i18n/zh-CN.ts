/** Every Chinese string this area shows (spec strings verbatim). */
export const zhCN = {
  'pages.catalog': 'AI 应用目录',
  'pages.plugins': 'AI 插件',
  'pages.agents': '智能体',
  'pages.favorites': '我的收藏',
  'pages.createAgent': '创建智能体',
  'pages.myKnowledgeBases': '我的知识库',
  'pages.publicKnowledgeBases': '公共知识库',
  'pages.myPlugins': '我的插件',
  'pages.resources': '资源导航',
  'pages.manual': '使用手册',
  'pages.tools': '工具集',
  'pages.itTools': 'IT 工具',
  'pages.whiteboard': '白板',
  'pages.faq': '常见问题',
  'pages.paperAssistant': '论文助手',
  'pages.works': '作品',
};
