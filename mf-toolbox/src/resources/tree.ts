import type { ResourceCategory, ResourceItem } from '@qiming/sdk/contracts';

/** Every item under a category (its sub-categories' too), in menu order. */
export function itemsUnder(category: ResourceCategory): ResourceItem[] {
  return category.subItems.flatMap((child) => (child.kind === 'item' ? [child] : itemsUnder(child)));
}

/** A category's cards in groups: one per sub-category (titled), then the items filed directly under it. */
export function groupsOf(category: ResourceCategory): Array<{ title: string | null; items: ResourceItem[] }> {
  const subs = category.subItems.filter((child): child is ResourceCategory => child.kind === 'category');
  const direct = category.subItems.filter((child): child is ResourceItem => child.kind === 'item');
  return [...subs.map((sub) => ({ title: sub.itemName, items: itemsUnder(sub) })), ...(direct.length ? [{ title: null, items: direct }] : [])];
}

/** The category with this id, top-level or sub, and the top-level category it belongs to. */
export function findCategory(tree: ResourceCategory[], id: string | null): { category: ResourceCategory; top: ResourceCategory } | null {
  for (const top of tree) {
    if (top.id === id) return { category: top, top };
    for (const child of top.subItems) if (child.kind === 'category' && child.id === id) return { category: child, top };
  }
  return null;
}

/**
 * Items whose name, description or tags contain every word of the query (case-insensitive; words
 * split on spaces), across the whole tree, each once, names matching first.
 */
export function searchItems(tree: ResourceCategory[], query: string): ResourceItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const seen = new Set<string>();
  const hits: Array<{ item: ResourceItem; byName: boolean }> = [];
  for (const item of tree.flatMap(itemsUnder)) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const name = item.itemName.toLowerCase();
    const text = [name, item.tooltip.toLowerCase(), ...item.tags.map((tag) => tag.toLowerCase())].join('\n');
    if (words.every((word) => text.includes(word))) hits.push({ item, byName: words.some((word) => name.includes(word)) });
  }
  return [...hits.filter((hit) => hit.byName), ...hits.filter((hit) => !hit.byName)].map((hit) => hit.item);
}
