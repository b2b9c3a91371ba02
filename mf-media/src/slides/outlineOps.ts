import { SLIDE_LIMITS, type DeckOutline, type OutlineSection } from '@qiming/sdk/contracts';

/** The outline editor's operations: each answers a new outline and leaves the one given as it was. */

const withSections = (outline: DeckOutline, sections: OutlineSection[]): DeckOutline => ({ ...outline, sections });
const mapSection = (outline: DeckOutline, index: number, change: (section: OutlineSection) => OutlineSection) =>
  withSections(outline, outline.sections.map((section, i) => (i === index ? change(section) : section)));

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export const outlineOps = {
  renameDeck: (outline: DeckOutline, title: string): DeckOutline => ({ ...outline, title }),
  renameSection: (outline: DeckOutline, index: number, title: string) => mapSection(outline, index, (section) => ({ ...section, title })),
  /** A new empty section after `after` (-1: first); none past the slide limit. */
  addSection: (outline: DeckOutline, after: number, title: string): DeckOutline => {
    if (outline.sections.length >= SLIDE_LIMITS.maxSlides - 1) return outline;
    const sections = [...outline.sections];
    sections.splice(after + 1, 0, { title, points: [] });
    return withSections(outline, sections);
  },
  deleteSection: (outline: DeckOutline, index: number) => withSections(outline, outline.sections.filter((_, i) => i !== index)),
  moveSection: (outline: DeckOutline, from: number, to: number) => withSections(outline, moved(outline.sections, from, to)),
  addPoint: (outline: DeckOutline, section: number, text: string) =>
    mapSection(outline, section, (s) => (s.points.length >= SLIDE_LIMITS.maxPoints ? s : { ...s, points: [...s.points, text] })),
  renamePoint: (outline: DeckOutline, section: number, point: number, text: string) => mapSection(outline, section, (s) => ({ ...s, points: s.points.map((p, i) => (i === point ? text : p)) })),
  deletePoint: (outline: DeckOutline, section: number, point: number) => mapSection(outline, section, (s) => ({ ...s, points: s.points.filter((_, i) => i !== point) })),
  movePoint: (outline: DeckOutline, section: number, from: number, to: number) => mapSection(outline, section, (s) => ({ ...s, points: moved(s.points, from, to) })),
};

/** What keeps the outline from being generated (null: nothing): the server refuses the same. */
export function outlineProblem(outline: DeckOutline): 'noTitle' | 'tooFew' | 'emptySection' | null {
  if (!outline.title.trim()) return 'noTitle';
  if (outline.sections.length < SLIDE_LIMITS.minSlides - 1) return 'tooFew';
  if (outline.sections.some((section) => !section.title.trim())) return 'emptySection';
  return null;
}
