import type { ChartData, Slide } from '@qiming/sdk/contracts';
import type { SlideTemplate } from './templates';

/**
 * A slide as positioned elements, in inches on a 13.333 × 7.5 (16:9) page, font sizes in points.
 * One scene drives both the preview (SlideCanvas: HTML/SVG, 1 inch = 72 px) and the .pptx (pptx.ts:
 * text boxes, shapes, a native table and chart), so the two cannot disagree.
 */
export const PAGE = { w: 13.333, h: 7.5 } as const;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TextStyle {
  size: number;
  color: string;
  font: 'heading' | 'body';
  bold?: boolean;
  italic?: boolean;
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
}

export type SceneElement =
  | (Box & { kind: 'rect' | 'ellipse'; color: string; transparency?: number; radius?: boolean })
  | (Box & { kind: 'text'; text: string; style: TextStyle })
  | (Box & { kind: 'bullets'; items: string[]; style: TextStyle; marker: string })
  | (Box & { kind: 'table'; columns: string[]; rows: string[][]; header: string; headerText: string; stripe: string; text: string; border: string; size: number })
  | (Box & { kind: 'chart'; chart: ChartData; colors: string[]; text: string; muted: string });

const MARGIN = 0.8;
const CONTENT = { x: MARGIN, y: 1.8, w: PAGE.w - 2 * MARGIN, h: 5.0 };

/** A font size that lets `chars` characters fit a box of that area (text boxes do not grow). */
function fitSize(chars: number, area: number, max: number, min: number): number {
  // About 1.9 × size² / 5184 square inches per CJK character with line spacing.
  const size = Math.sqrt((area * 5184) / (Math.max(chars, 1) * 1.9));
  return Math.round(Math.max(min, Math.min(max, size)));
}
const charsOf = (items: string[]) => items.reduce((sum, item) => sum + item.length + 4, 0);

function titleOf(slide: Slide, template: SlideTemplate): SceneElement {
  const color = template.bandTitle ?? template.palette.title;
  const y = template.bandTitle ? 0.3 : 0.55;
  return { kind: 'text', x: MARGIN, y, w: PAGE.w - 2 * MARGIN, h: 0.9, text: slide.title, style: { size: fitSize(slide.title.length, 11.7 * 0.9, 30, 20), color, font: 'heading', bold: true, valign: 'middle' } };
}

function bulletsOf(items: string[], box: Box, template: SlideTemplate, max = 22): SceneElement {
  return { kind: 'bullets', ...box, items, marker: '•', style: { size: fitSize(charsOf(items), box.w * box.h, max, 12), color: template.palette.text, font: 'body', valign: 'top' } };
}

function decorationsOf(template: SlideTemplate, cover: boolean): SceneElement[] {
  return (cover ? template.coverDecorations : template.decorations).map((d) => ({ kind: d.shape, x: d.x, y: d.y, w: d.w, h: d.h, color: template.palette[d.color], transparency: d.transparency }));
}

function bodyOf(slide: Slide, template: SlideTemplate): SceneElement[] {
  const p = template.palette;
  switch (slide.layout) {
    case 'title':
    case 'section': {
      const x = slide.layout === 'title' ? (template.coverTextX ?? 0.9) : 0.9;
      const w = PAGE.w - x - 0.9;
      const big = slide.layout === 'title' ? 44 : 38;
      return [
        { kind: 'text', x, y: 2.1, w, h: 1.8, text: slide.title, style: { size: fitSize(slide.title.length, w * 1.8, big, 24), color: p.title, font: 'heading', bold: true, valign: 'bottom' } },
        { kind: 'rect', x, y: 4.05, w: 1.6, h: 0.08, color: p.accent },
        { kind: 'text', x, y: 4.3, w, h: 1.2, text: slide.subtitle, style: { size: fitSize(slide.subtitle.length, w * 1.2, 20, 12), color: p.muted, font: 'body', valign: 'top' } },
      ];
    }
    case 'bullets':
      return [bulletsOf(slide.bullets, CONTENT, template)];
    case 'twoColumn': {
      const w = (CONTENT.w - 0.4) / 2;
      return [slide.left, slide.right].flatMap((column, i) => {
        const x = CONTENT.x + i * (w + 0.4);
        return [
          { kind: 'rect', x, y: CONTENT.y, w, h: CONTENT.h, color: p.surface, radius: true },
          { kind: 'rect', x, y: CONTENT.y, w, h: 0.1, color: i === 0 ? p.primary : p.accent },
          { kind: 'text', x: x + 0.3, y: CONTENT.y + 0.3, w: w - 0.6, h: 0.7, text: column.heading, style: { size: 22, color: i === 0 ? p.primary : p.accent, font: 'heading', bold: true, valign: 'middle' } },
          bulletsOf(column.bullets, { x: x + 0.3, y: CONTENT.y + 1.1, w: w - 0.6, h: CONTENT.h - 1.4 }, template, 18),
        ] satisfies SceneElement[];
      });
    }
    case 'quote':
      return [
        { kind: 'text', x: 0.9, y: 1.5, w: 1.6, h: 1.6, text: '“', style: { size: 120, color: p.accent, font: 'heading', bold: true, valign: 'top' } },
        { kind: 'text', x: 1.8, y: 2.3, w: 9.8, h: 2.7, text: slide.quote, style: { size: fitSize(slide.quote.length, 9.8 * 2.7, 32, 16), color: p.title, font: 'heading', italic: true, align: 'center', valign: 'middle' } },
        { kind: 'text', x: 1.8, y: 5.2, w: 9.8, h: 0.8, text: slide.source ? `—— ${slide.source}` : '', style: { size: 16, color: p.muted, font: 'body', align: 'right', valign: 'top' } },
      ];
    case 'table': {
      const rows = slide.rows.slice(0, 10);
      const size = rows.length > 6 || slide.columns.length > 4 ? 13 : 16;
      return [{ kind: 'table', ...CONTENT, h: Math.min(CONTENT.h, 0.55 * (rows.length + 1)), columns: slide.columns, rows, header: p.primary, headerText: 'FFFFFF', stripe: p.surface, text: p.text, border: p.muted, size }];
    }
    case 'chart': {
      const withText = slide.bullets.length > 0;
      const chartBox = withText ? { ...CONTENT, w: 7.6, h: CONTENT.h - 0.4 } : { ...CONTENT, h: CONTENT.h - 0.4 };
      const elements: SceneElement[] = [{ kind: 'chart', ...chartBox, chart: slide.chart, colors: template.chart, text: p.text, muted: p.muted }];
      if (slide.chart.note) elements.push({ kind: 'text', x: CONTENT.x, y: CONTENT.y + CONTENT.h - 0.35, w: chartBox.w, h: 0.35, text: slide.chart.note, style: { size: 10, color: p.muted, font: 'body' } });
      if (withText) elements.push(bulletsOf(slide.bullets, { x: 8.8, y: CONTENT.y + 0.2, w: PAGE.w - 8.8 - MARGIN, h: CONTENT.h - 0.4 }, template, 18));
      return elements;
    }
    case 'image': {
      const panel = { x: CONTENT.x, y: CONTENT.y, w: 5.8, h: CONTENT.h - 0.3 };
      return [
        { kind: 'rect', ...panel, color: p.surface, radius: true },
        { kind: 'ellipse', x: panel.x + panel.w - 1.9, y: panel.y + 0.5, w: 1.1, h: 1.1, color: p.accent, transparency: 20 },
        { kind: 'ellipse', x: panel.x - 0.2, y: panel.y + 2.4, w: 4.2, h: 3.2, color: p.primary, transparency: 45 },
        { kind: 'ellipse', x: panel.x + 2.2, y: panel.y + 2.9, w: 3.8, h: 2.6, color: p.primary, transparency: 25 },
        { kind: 'rect', x: panel.x, y: panel.y + panel.h - 0.75, w: panel.w, h: 0.75, color: p.background, transparency: 15 },
        { kind: 'text', x: panel.x + 0.25, y: panel.y + panel.h - 0.72, w: panel.w - 0.5, h: 0.7, text: slide.caption, style: { size: 14, color: p.text, font: 'body', align: 'center', valign: 'middle' } },
        bulletsOf(slide.bullets, { x: 7.1, y: CONTENT.y + 0.2, w: PAGE.w - 7.1 - MARGIN, h: CONTENT.h - 0.5 }, template, 20),
      ];
    }
  }
}

/** The whole slide: background, the template's decoration, title, body, page number. */
export function sceneOf(slide: Slide, template: SlideTemplate, index: number, total: number): SceneElement[] {
  const cover = slide.layout === 'title' || slide.layout === 'section';
  const elements: SceneElement[] = [{ kind: 'rect', x: 0, y: 0, w: PAGE.w, h: PAGE.h, color: template.palette.background }, ...decorationsOf(template, cover)];
  if (!cover) elements.push(titleOf(slide, template));
  elements.push(...bodyOf(slide, template));
  if (index > 0) elements.push({ kind: 'text', x: PAGE.w - 2.2, y: PAGE.h - 0.55, w: 1.6, h: 0.35, text: `${index + 1} / ${total}`, style: { size: 10, color: template.palette.muted, font: 'body', align: 'right', valign: 'middle' } });
  return elements;
}
