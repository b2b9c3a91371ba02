import { t } from './i18n';

// The /itTools pages' chunk: the grid, the tool frame, and their text (loaded before they show).
export { ItToolsPage } from './ItToolsPage';
export { ToolView } from './ToolView';
export const textReady = () => t.ready();
