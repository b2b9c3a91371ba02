import { render } from '@testing-library/react';
import { SLIDE_LAYOUTS, SLIDE_TEMPLATE_IDS } from '@qiming/sdk/contracts';
import { SlideCanvas } from './SlideCanvas';
import { sceneOf } from './scene';
import { SLIDE_TEMPLATES } from './templates';
import { EVERY_LAYOUT } from './testDeck';

const textsOf = (slide: (typeof EVERY_LAYOUT)[number]): string[] => {
  switch (slide.layout) {
    case 'title':
    case 'section':
      return [slide.title, slide.subtitle];
    case 'bullets':
      return [slide.title, ...slide.bullets];
    case 'twoColumn':
      return [slide.title, slide.left.heading, ...slide.left.bullets, slide.right.heading, ...slide.right.bullets];
    case 'quote':
      return [slide.quote];
    case 'table':
      return [slide.title, ...slide.columns, ...slide.rows.flat()];
    case 'chart':
      return [slide.title, ...slide.chart.labels, ...slide.bullets];
    case 'image':
      return [slide.title, slide.caption, ...slide.bullets];
  }
};

describe('templates and layouts', () => {
  it('the test deck has every layout, and there are at least six templates', () => {
    expect(new Set(EVERY_LAYOUT.map((s) => s.layout))).toEqual(new Set(SLIDE_LAYOUTS));
    expect(SLIDE_TEMPLATES.map((t) => t.id)).toEqual([...SLIDE_TEMPLATE_IDS]);
    expect(new Set(SLIDE_TEMPLATES.map((t) => t.palette.background)).size).toBe(SLIDE_TEMPLATES.length);
  });

  it.each(SLIDE_TEMPLATE_IDS)('every layout renders its text with the %s template, inside the page', (templateId) => {
    for (const [index, slide] of EVERY_LAYOUT.entries()) {
      const { container, unmount } = render(<SlideCanvas slide={slide} templateId={templateId} index={index} total={EVERY_LAYOUT.length} width={480} />);
      for (const text of textsOf(slide)) expect(container.textContent).toContain(text);
      if (slide.layout === 'table') expect(container.querySelectorAll('tbody tr')).toHaveLength(slide.rows.length);
      if (slide.layout === 'chart') expect(container.querySelectorAll('svg rect').length).toBeGreaterThanOrEqual(slide.chart.labels.length);
      const template = SLIDE_TEMPLATES.find((t) => t.id === templateId)!;
      for (const element of sceneOf(slide, template, index, EVERY_LAYOUT.length)) {
        if (element.kind === 'rect' || element.kind === 'ellipse') continue;
        // Content never leaves the page (decorations may bleed off it).
        expect(element.x).toBeGreaterThanOrEqual(0);
        expect(element.y).toBeGreaterThanOrEqual(0);
        expect(element.x + element.w).toBeLessThanOrEqual(13.34);
        expect(element.y + element.h).toBeLessThanOrEqual(7.5);
      }
      unmount();
    }
  });

  it('draws pie and line charts from the numbers', () => {
    const pie = { layout: 'chart' as const, title: '占比', chart: { kind: 'pie' as const, labels: ['甲', '乙'], series: [{ name: '占比', values: [75, 25] }] }, bullets: [] };
    const { container } = render(<SlideCanvas slide={pie} templateId="ink" index={1} total={2} width={480} />);
    expect(container.querySelectorAll('svg path')).toHaveLength(2);
    expect(container.textContent).toContain('甲  75%');
    const line = { ...pie, chart: { ...pie.chart, kind: 'line' as const } };
    const drawn = render(<SlideCanvas slide={line} templateId="ink" index={1} total={2} width={480} />);
    expect(drawn.container.querySelectorAll('svg polyline')).toHaveLength(1);
  });
});
