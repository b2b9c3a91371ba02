import { t } from '../i18n';
import type { ToolCategory } from './catalogue';

type Key = Parameters<typeof t>[0];

// The tools' names and descriptions are keyed by id (it.tool.<id>.name); a test checks every id has both.
export const toolName = (id: string) => t(`it.tool.${id}.name` as Key);
export const toolDescription = (id: string) => t(`it.tool.${id}.description` as Key);
export const categoryName = (c: ToolCategory) => t(`it.category.${c}` as Key);
