import type { ToolCategory, ToolDefinition } from './catalogue';

/** What the grid shows of a tool, in the page's language. */
export interface ToolEntry {
  tool: ToolDefinition;
  name: string;
  description: string;
  categoryNames: string[];
}

const normalise = (s: string) => s.toLowerCase().replace(/[\s\-_]+/g, '');

/**
 * The tools matching every word of the query (in name, description, category, id or keywords)
 * and the category chip, favourites first, each group in catalogue order.
 */
export function searchTools(entries: ToolEntry[], query: string, category: ToolCategory | null, favourites: readonly string[]): ToolEntry[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean).map(normalise);
  const matches = entries.filter(({ tool, name, description, categoryNames }) => {
    if (category && !tool.categories.includes(category)) return false;
    const haystack = normalise([name, description, tool.id, tool.keywords, ...categoryNames].join(' '));
    return words.every((w) => haystack.includes(w));
  });
  const favourite = (e: ToolEntry) => favourites.includes(e.tool.id);
  return [...matches.filter(favourite), ...matches.filter((e) => !favourite(e))];
}
