import { svgIconSet } from '../../catalogue/icons.js';

/**
 * The built-in apps' icons (`icons/<slug>.svg`), served like the model icons: only names from this
 * map, immutable, the URL carrying the content hash.
 */
export const AGENT_ICON_ROUTE_PREFIX = '/app-api/public/agent-icons/';
export const AGENT_ICONS = svgIconSet(new URL('./icons/', import.meta.url), AGENT_ICON_ROUTE_PREFIX);

/** A built-in app's icon URL, or null when its slug has no icon file (an app ops added). */
export function builtInIconUrl(slug: string): string | null {
  return AGENT_ICONS.icons.has(slug) ? AGENT_ICONS.url(slug) : null;
}
