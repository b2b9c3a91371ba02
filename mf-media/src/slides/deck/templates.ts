import type { SlideTemplateId } from '@qiming/sdk/contracts';

/** A shape a template draws behind the content, in inches on the 13.333 × 7.5 slide. */
export interface Decoration {
  shape: 'rect' | 'ellipse';
  x: number;
  y: number;
  w: number;
  h: number;
  /** A colour of the template's palette. */
  color: keyof TemplatePalette;
  /** 0 (opaque) – 100 (invisible). */
  transparency?: number;
}

export interface TemplatePalette {
  background: string;
  /** Panels (columns, image slot, table header stripes). */
  surface: string;
  /** Titles. */
  title: string;
  text: string;
  muted: string;
  primary: string;
  accent: string;
}

/** One look: colours, fonts, decoration; the same definition draws the preview (HTML) and the .pptx. */
export interface SlideTemplate {
  id: SlideTemplateId;
  /** i18n key of its name. */
  nameKey: string;
  palette: TemplatePalette;
  /** Series colours of charts. */
  chart: string[];
  /** PowerPoint font names, and the CSS stacks that show the same kind of face in the browser. */
  fonts: { heading: string; body: string; headingCss: string; bodyCss: string };
  /** Drawn on every content slide. */
  decorations: Decoration[];
  /** Drawn on title and section slides. */
  coverDecorations: Decoration[];
  /** Titles sit in a filled band across the top (the band is a decoration; titles then use `bandTitle`). */
  bandTitle?: string;
  /** Where the title slide's text starts (inches from the left), clear of the cover's decoration. */
  coverTextX?: number;
}

const SANS = { heading: 'Microsoft YaHei', body: 'Microsoft YaHei', headingCss: '"Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC", "Source Han Sans SC", sans-serif', bodyCss: '"Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC", "Source Han Sans SC", sans-serif' };
const SERIF = { heading: 'SimSun', body: 'Microsoft YaHei', headingCss: '"SimSun", "Songti SC", "Noto Serif CJK SC", "Source Han Serif SC", serif', bodyCss: SANS.bodyCss };
const ROUNDED = { heading: 'DengXian', body: 'DengXian', headingCss: '"DengXian", "PingFang SC", "Noto Sans CJK SC", sans-serif', bodyCss: '"DengXian", "PingFang SC", "Noto Sans CJK SC", sans-serif' };

export const SLIDE_TEMPLATES: readonly SlideTemplate[] = [
  {
    id: 'aurora',
    nameKey: 'slides.template.aurora',
    palette: { background: '1E1B4B', surface: '312E81', title: 'FFFFFF', text: 'E0E7FF', muted: 'A5B4FC', primary: '818CF8', accent: '2DD4BF' },
    chart: ['2DD4BF', '818CF8', 'F472B6', 'FBBF24', '60A5FA'],
    fonts: SANS,
    decorations: [
      { shape: 'ellipse', x: 10.6, y: -1.6, w: 4.2, h: 4.2, color: 'accent', transparency: 80 },
      { shape: 'ellipse', x: 11.8, y: 0.4, w: 2.4, h: 2.4, color: 'primary', transparency: 70 },
    ],
    coverDecorations: [
      { shape: 'ellipse', x: 8.2, y: -2.2, w: 7.2, h: 7.2, color: 'accent', transparency: 78 },
      { shape: 'ellipse', x: 10.4, y: 3.4, w: 5, h: 5, color: 'primary', transparency: 62 },
    ],
  },
  {
    id: 'ink',
    nameKey: 'slides.template.ink',
    palette: { background: 'FAF7F0', surface: 'F1EADB', title: '1F2937', text: '374151', muted: '8B7E6A', primary: '1F2937', accent: 'B91C1C' },
    chart: ['B91C1C', '1F2937', '8B7E6A', 'D97706', '6B7280'],
    fonts: SERIF,
    decorations: [
      { shape: 'rect', x: 0, y: 0, w: 0.28, h: 7.5, color: 'primary' },
      { shape: 'rect', x: 0.8, y: 1.45, w: 1.2, h: 0.06, color: 'accent' },
    ],
    coverDecorations: [
      { shape: 'rect', x: 0, y: 0, w: 0.5, h: 7.5, color: 'primary' },
      { shape: 'ellipse', x: 10.9, y: 0.7, w: 1.3, h: 1.3, color: 'accent' },
    ],
  },
  {
    id: 'sunrise',
    nameKey: 'slides.template.sunrise',
    palette: { background: 'FFF7ED', surface: 'FFEDD5', title: '9A3412', text: '431407', muted: 'C2410C', primary: 'EA580C', accent: 'F59E0B' },
    chart: ['EA580C', 'F59E0B', 'FB7185', '84CC16', '0EA5E9'],
    fonts: ROUNDED,
    decorations: [{ shape: 'ellipse', x: 11.4, y: 5.6, w: 3.4, h: 3.4, color: 'accent', transparency: 55 }],
    coverDecorations: [
      { shape: 'ellipse', x: 8.4, y: 3.2, w: 7, h: 7, color: 'accent', transparency: 35 },
      { shape: 'ellipse', x: 10.2, y: 4.6, w: 4.4, h: 4.4, color: 'primary', transparency: 20 },
    ],
  },
  {
    id: 'forest',
    nameKey: 'slides.template.forest',
    palette: { background: 'F0FDF4', surface: 'DCFCE7', title: '14532D', text: '1F2937', muted: '4D7C0F', primary: '166534', accent: '84CC16' },
    chart: ['166534', '84CC16', '0D9488', 'CA8A04', '65A30D'],
    fonts: SANS,
    decorations: [
      { shape: 'rect', x: 0, y: 7.1, w: 13.333, h: 0.4, color: 'primary' },
      { shape: 'rect', x: 0, y: 6.98, w: 13.333, h: 0.12, color: 'accent' },
    ],
    coverDecorations: [
      { shape: 'rect', x: 0, y: 5.9, w: 13.333, h: 1.6, color: 'primary' },
      { shape: 'rect', x: 0, y: 5.7, w: 13.333, h: 0.2, color: 'accent' },
    ],
  },
  {
    id: 'graphite',
    nameKey: 'slides.template.graphite',
    palette: { background: '111827', surface: '1F2937', title: 'F9FAFB', text: 'E5E7EB', muted: '9CA3AF', primary: 'F43F5E', accent: 'FB7185' },
    chart: ['F43F5E', 'FBBF24', '38BDF8', 'A3E635', 'C084FC'],
    fonts: SANS,
    decorations: [{ shape: 'rect', x: 0.8, y: 0.35, w: 0.9, h: 0.1, color: 'primary' }],
    coverDecorations: [
      { shape: 'rect', x: 0, y: 0, w: 13.333, h: 0.18, color: 'primary' },
      { shape: 'rect', x: 9.6, y: 1.2, w: 3.2, h: 5.1, color: 'surface' },
      { shape: 'rect', x: 10.1, y: 1.7, w: 3.2, h: 5.1, color: 'primary', transparency: 70 },
    ],
  },
  {
    id: 'ocean',
    nameKey: 'slides.template.ocean',
    palette: { background: 'FFFFFF', surface: 'E0F2FE', title: '0C4A6E', text: '1E293B', muted: '64748B', primary: '0369A1', accent: '06B6D4' },
    chart: ['0369A1', '06B6D4', 'F97316', '22C55E', 'A855F7'],
    fonts: SANS,
    decorations: [
      { shape: 'rect', x: 0, y: 0, w: 13.333, h: 1.45, color: 'primary' },
      { shape: 'rect', x: 0, y: 1.45, w: 13.333, h: 0.08, color: 'accent' },
    ],
    coverDecorations: [
      { shape: 'rect', x: 0, y: 0, w: 5.2, h: 7.5, color: 'primary' },
      { shape: 'ellipse', x: 3.6, y: 2.3, w: 3.2, h: 3.2, color: 'accent', transparency: 30 },
    ],
    bandTitle: 'FFFFFF',
    coverTextX: 6.2,
  },
];

export function templateOf(id: string): SlideTemplate {
  return SLIDE_TEMPLATES.find((template) => template.id === id) ?? SLIDE_TEMPLATES[0]!;
}
