import type PptxGenJS from 'pptxgenjs';
import type { Slide, SlideTemplateId } from '@qiming/sdk/contracts';
import { sceneOf, type SceneElement, type TextStyle } from './scene';
import { templateOf, type SlideTemplate } from './templates';

export interface DeckForExport {
  title: string;
  templateId: SlideTemplateId;
  slides: Slide[];
}

type Pptx = InstanceType<typeof PptxGenJS>;
type PptxSlide = ReturnType<Pptx['addSlide']>;

const textOptions = (element: SceneElement & { style: TextStyle }, template: SlideTemplate) => ({
  x: element.x,
  y: element.y,
  w: element.w,
  h: element.h,
  fontFace: element.style.font === 'heading' ? template.fonts.heading : template.fonts.body,
  fontSize: element.style.size,
  color: element.style.color,
  bold: element.style.bold ?? false,
  italic: element.style.italic ?? false,
  align: element.style.align ?? 'left',
  valign: element.style.valign ?? 'top',
  margin: 0,
});

function draw(pptx: Pptx, page: PptxSlide, element: SceneElement, template: SlideTemplate): void {
  switch (element.kind) {
    case 'rect':
    case 'ellipse': {
      const shape = element.kind === 'ellipse' ? pptx.ShapeType.ellipse : element.radius ? pptx.ShapeType.roundRect : pptx.ShapeType.rect;
      page.addShape(shape, {
        x: element.x,
        y: element.y,
        w: element.w,
        h: element.h,
        fill: { color: element.color, transparency: element.transparency ?? 0 },
        line: { type: 'none' },
        ...(element.radius ? { rectRadius: 0.12 } : {}),
      });
      return;
    }
    case 'text':
      if (element.text) page.addText(element.text, { ...textOptions(element, template), fit: 'shrink' });
      return;
    case 'bullets':
      page.addText(
        element.items.map((item) => ({ text: item, options: { bullet: { indent: element.style.size * 1.1 }, breakLine: true, paraSpaceAfter: element.style.size * 0.5 } })),
        { ...textOptions(element, template), fit: 'shrink' },
      );
      return;
    case 'table': {
      const cell = (text: string, options: Record<string, unknown>) => ({ text, options });
      const rows = [
        element.columns.map((column) => cell(column, { bold: true, color: element.headerText, fill: { color: element.header } })),
        ...element.rows.map((row, r) => element.columns.map((_, c) => cell(row[c] ?? '', { color: element.text, fill: { color: r % 2 === 1 ? element.stripe : template.palette.background } }))),
      ];
      page.addTable(rows, {
        x: element.x,
        y: element.y,
        w: element.w,
        colW: element.columns.map(() => element.w / element.columns.length),
        fontFace: template.fonts.body,
        fontSize: element.size,
        border: { type: 'solid', pt: 0.5, color: element.border },
        valign: 'middle',
        margin: 0.08,
      });
      return;
    }
    case 'chart': {
      const { chart } = element;
      const type = chart.kind === 'pie' ? pptx.ChartType.pie : chart.kind === 'line' ? pptx.ChartType.line : pptx.ChartType.bar;
      const series = chart.kind === 'pie' ? chart.series.slice(0, 1) : chart.series;
      page.addChart(
        type,
        series.map((s) => ({ name: s.name, labels: chart.labels, values: chart.labels.map((_, i) => s.values[i] ?? 0) })),
        {
          x: element.x,
          y: element.y,
          w: element.w,
          h: element.h,
          chartColors: chart.kind === 'pie' ? element.colors : element.colors.slice(0, Math.max(1, series.length)),
          showLegend: chart.kind === 'pie' || series.length > 1,
          legendPos: 'b',
          legendColor: element.text,
          legendFontFace: template.fonts.body,
          showValue: chart.kind !== 'pie',
          showPercent: chart.kind === 'pie',
          dataLabelColor: chart.kind === 'pie' ? 'FFFFFF' : element.text,
          dataLabelFontSize: 11,
          catAxisLabelColor: element.text,
          valAxisLabelColor: element.muted,
          catAxisLabelFontFace: template.fonts.body,
          catAxisLabelFontSize: 12,
          valAxisLabelFontSize: 10,
          valGridLine: { color: element.muted, size: 0.5, style: 'dash' },
          lineSize: 3,
          lineDataSymbolSize: 8,
        },
      );
    }
  }
}

/**
 * The deck as a PowerPoint file: every scene element as an editable object (text boxes, shapes, a
 * native table, a native chart with its numbers) — no pictures. `Pptx` is pptxgenjs's class,
 * passed in so the page loads the library only when the user downloads.
 */
export function buildPptx(Pptx: typeof PptxGenJS, deck: DeckForExport): Pptx {
  const pptx = new Pptx();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = deck.title;
  pptx.company = '启明 AI';
  const template = templateOf(deck.templateId);
  deck.slides.forEach((slide, index) => {
    const page = pptx.addSlide();
    page.background = { color: template.palette.background };
    // The background rect is the page's background colour already.
    for (const element of sceneOf(slide, template, index, deck.slides.length).slice(1)) draw(pptx, page, element, template);
  });
  return pptx;
}

/** A file name for the deck: its title without characters file systems refuse. */
export function fileNameOf(title: string, extension: string): string {
  const base = title.replace(/[\\/:*?"<>|\x00-\x1f\s]+/g, ' ').trim().slice(0, 60) || '演示文稿';
  return `${base}.${extension}`;
}
