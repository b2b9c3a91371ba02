import { t } from '../i18n';

type Key = Parameters<typeof t>[0];

/** A tool's name, the title of its page: in the area's own text, since the page list needs it. */
export const toolName = (id: string) => t(`it.tool.${id}.name` as Key);
