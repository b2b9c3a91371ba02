import type { Translation } from '@qiming/sdk';
import type { zhCN } from './zh-CN';

/** The international build's text. */
const enUS: Translation<typeof zhCN> = {
  'pages.catalog': 'AI App Directory',
  'pages.plugins': 'AI Plugins',
  'pages.agents': 'Agents',
  'pages.favorites': 'My Favorites',
  'pages.createAgent': 'Create an Agent',
  'pages.myKnowledgeBases': 'My Knowledge Bases',
  'pages.publicKnowledgeBases': 'Public Knowledge Bases',
  'pages.myPlugins': 'My Plugins',
  'pages.resources': 'Resources',
  'pages.manual': 'User Guide',
  'pages.tools': 'Tools',
  'pages.itTools': 'IT Tools',
  'pages.whiteboard': 'Whiteboard',
  'pages.faq': 'FAQ',
  'pages.paperAssistant': 'Paper Assistant',
  'pages.works': 'Creations',
};
export default enUS;
