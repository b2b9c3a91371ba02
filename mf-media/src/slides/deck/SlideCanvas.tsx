import type { CSSProperties, ReactElement } from 'react';
import type { ChartData, Slide, SlideTemplateId } from '@qiming/sdk/contracts';
import { PAGE, sceneOf, type SceneElement, type TextStyle } from './scene';
import { templateOf, type SlideTemplate } from './templates';

/** 1 inch of the scene = 72 px on the canvas, so a point is a pixel and the page is 960 × 540. */
export const CANVAS = { w: Math.round(PAGE.w * 72), h: Math.round(PAGE.h * 72) } as const;
const px = (inches: number) => inches * 72;
const colour = (hex: string, transparency = 0) => {
  const n = parseInt(hex, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${1 - transparency / 100})`;
};

function box(element: SceneElement): CSSProperties {
  return { position: 'absolute', left: px(element.x), top: px(element.y), width: px(element.w), height: px(element.h) };
}

function textStyle(style: TextStyle, template: SlideTemplate): CSSProperties {
  return {
    fontFamily: style.font === 'heading' ? template.fonts.headingCss : template.fonts.bodyCss,
    fontSize: style.size,
    color: `#${style.color}`,
    fontWeight: style.bold ? 700 : 400,
    fontStyle: style.italic ? 'italic' : 'normal',
    textAlign: style.align ?? 'left',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: style.valign === 'middle' ? 'center' : style.valign === 'bottom' ? 'flex-end' : 'flex-start',
    lineHeight: 1.3,
    overflow: 'hidden',
    overflowWrap: 'anywhere',
    whiteSpace: 'pre-wrap',
  };
}

/** Bars, a line or a pie, as SVG, from the slide's numbers (the .pptx gets a native chart of the same data). */
export function ChartSvg({ chart, colors, text, muted, width, height }: { chart: ChartData; colors: string[]; text: string; muted: string; width: number; height: number }): ReactElement {
  const series = chart.kind === 'pie' ? chart.series.slice(0, 1) : chart.series;
  const labelStyle = { fontSize: 12, fill: `#${text}` };
  if (chart.kind === 'pie') {
    const values = chart.labels.map((_, i) => Math.max(0, series[0]?.values[i] ?? 0));
    const total = values.reduce((a, b) => a + b, 0) || 1;
    const r = Math.min(width * 0.55, height) / 2 - 16;
    const cx = r + 16;
    const cy = height / 2;
    let angle = -Math.PI / 2;
    return (
      <svg width={width} height={height} role="img" aria-label={series[0]?.name}>
        {values.map((value, i) => {
          const start = angle;
          angle += (value / total) * Math.PI * 2;
          const large = angle - start > Math.PI ? 1 : 0;
          const [x1, y1, x2, y2] = [cx + r * Math.cos(start), cy + r * Math.sin(start), cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
          const d = values.length === 1 ? `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0` : `M ${cx} ${cy} L ${x1} ${y1} A ${r} ${r} 0 ${large} 1 ${x2} ${y2} Z`;
          return <path key={i} d={d} fill={`#${colors[i % colors.length]}`} stroke="#fff" strokeWidth={2} />;
        })}
        {chart.labels.map((label, i) => (
          <g key={label + i} transform={`translate(${cx + r + 30}, ${cy - (chart.labels.length * 26) / 2 + i * 26})`}>
            <rect width={14} height={14} y={-11} fill={`#${colors[i % colors.length]}`} />
            <text x={22} style={labelStyle}>{`${label}  ${Math.round((values[i]! / total) * 100)}%`}</text>
          </g>
        ))}
      </svg>
    );
  }
  const all = series.flatMap((s) => s.values);
  const max = Math.max(1, ...all);
  const left = 44;
  const bottom = 30;
  const top = 16;
  const plotW = width - left - 10;
  const plotH = height - bottom - top;
  const step = plotW / Math.max(1, chart.labels.length);
  const y = (value: number) => top + plotH - (Math.max(0, value) / max) * plotH;
  return (
    <svg width={width} height={height} role="img" aria-label={series.map((s) => s.name).join('、')}>
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={left} x2={width - 10} y1={y(max * f)} y2={y(max * f)} stroke={`#${muted}`} strokeDasharray="4 4" strokeWidth={0.5} />
          <text x={left - 6} y={y(max * f) + 4} textAnchor="end" style={{ fontSize: 10, fill: `#${muted}` }}>
            {Math.round(max * f * 10) / 10}
          </text>
        </g>
      ))}
      {series.map((s, si) => {
        const fill = `#${colors[si % colors.length]}`;
        if (chart.kind === 'line') {
          const points = chart.labels.map((_, i) => `${left + step * (i + 0.5)},${y(s.values[i] ?? 0)}`).join(' ');
          return (
            <g key={s.name + si}>
              <polyline points={points} fill="none" stroke={fill} strokeWidth={3} />
              {chart.labels.map((_, i) => (
                <g key={i}>
                  <circle cx={left + step * (i + 0.5)} cy={y(s.values[i] ?? 0)} r={5} fill={fill} />
                  <text x={left + step * (i + 0.5)} y={y(s.values[i] ?? 0) - 10} textAnchor="middle" style={labelStyle}>{s.values[i] ?? 0}</text>
                </g>
              ))}
            </g>
          );
        }
        const barW = (step * 0.7) / series.length;
        return chart.labels.map((_, i) => {
          const x = left + step * i + step * 0.15 + si * barW;
          const value = s.values[i] ?? 0;
          return (
            <g key={`${si}-${i}`}>
              <rect x={x} y={y(value)} width={barW - 2} height={top + plotH - y(value)} fill={fill} rx={2} />
              <text x={x + barW / 2} y={y(value) - 6} textAnchor="middle" style={labelStyle}>{value}</text>
            </g>
          );
        });
      })}
      {chart.labels.map((label, i) => (
        <text key={label + i} x={left + step * (i + 0.5)} y={height - 8} textAnchor="middle" style={labelStyle}>
          {label}
        </text>
      ))}
    </svg>
  );
}

function Element({ element, template }: { element: SceneElement; template: SlideTemplate }): ReactElement | null {
  switch (element.kind) {
    case 'rect':
    case 'ellipse':
      return <div style={{ ...box(element), background: colour(element.color, element.transparency), borderRadius: element.kind === 'ellipse' ? '50%' : element.radius ? 9 : 0 }} />;
    case 'text':
      return (
        <div style={{ ...box(element), ...textStyle(element.style, template) }} data-slide-text="">
          {element.text}
        </div>
      );
    case 'bullets':
      return (
        <div style={{ ...box(element), ...textStyle(element.style, template) }}>
          {element.items.map((item, i) => (
            <div key={i} style={{ display: 'flex', gap: element.style.size * 0.5, marginBottom: element.style.size * 0.5 }} data-slide-text="">
              <span style={{ color: `#${template.palette.accent}` }}>{element.marker}</span>
              <span>{item}</span>
            </div>
          ))}
        </div>
      );
    case 'table':
      return (
        <table style={{ ...box(element), height: 'auto', borderCollapse: 'collapse', fontFamily: template.fonts.bodyCss, fontSize: element.size, tableLayout: 'fixed' }}>
          <thead>
            <tr>
              {element.columns.map((column, c) => (
                <th key={c} style={{ background: `#${element.header}`, color: `#${element.headerText}`, padding: '8px 10px', border: `0.5px solid #${element.border}`, textAlign: 'left' }}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {element.rows.map((row, r) => (
              <tr key={r} style={{ background: `#${r % 2 === 1 ? element.stripe : template.palette.background}` }}>
                {element.columns.map((_, c) => (
                  <td key={c} style={{ color: `#${element.text}`, padding: '8px 10px', border: `0.5px solid #${element.border}` }}>
                    {row[c] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'chart':
      return (
        <div style={box(element)}>
          <ChartSvg chart={element.chart} colors={element.colors} text={element.text} muted={element.muted} width={px(element.w)} height={px(element.h)} />
        </div>
      );
  }
}

/** One slide drawn from its scene at `width` px (the 960 × 540 page scaled). */
export function SlideCanvas({ slide, templateId, index, total, width }: { slide: Slide; templateId: SlideTemplateId; index: number; total: number; width: number }): ReactElement {
  const template = templateOf(templateId);
  const scale = width / CANVAS.w;
  return (
    <div style={{ width, height: (width * CANVAS.h) / CANVAS.w, overflow: 'hidden', position: 'relative', flex: 'none' }} data-testid="slide-canvas" data-layout={slide.layout}>
      <div style={{ width: CANVAS.w, height: CANVAS.h, position: 'absolute', left: 0, top: 0, transform: `scale(${scale})`, transformOrigin: '0 0', overflow: 'hidden' }}>
        {sceneOf(slide, template, index, total).map((element, i) => (
          <Element key={i} element={element} template={template} />
        ))}
      </div>
    </div>
  );
}
