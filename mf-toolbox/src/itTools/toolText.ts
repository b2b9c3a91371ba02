import type { ToolCategory } from './catalogue';
import { t } from './i18n';

type Key = Parameters<typeof t>[0];

// Keyed by id (it.tool.<id>.description); a test checks every tool has its text in both languages.
export const toolDescription = (id: string) => t(`it.tool.${id}.description` as Key);
export const categoryName = (c: ToolCategory) => t(`it.category.${c}` as Key);
