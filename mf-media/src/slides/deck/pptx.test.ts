/** @jest-environment node */
import JSZip from 'jszip';
import PptxGenJS from 'pptxgenjs';
import { SLIDE_TEMPLATE_IDS } from '@qiming/sdk/contracts';
import { buildPptx, fileNameOf } from './pptx';
import { EVERY_LAYOUT } from './testDeck';

// pptxgenjs imports node:fs when it sees Node, to read media files; Jest cannot run a dynamic import
// without --experimental-vm-modules, and these decks have no media: it is told it runs elsewhere.
beforeAll(() => {
  Object.defineProperty(process, 'release', { value: { ...process.release, name: 'jest' }, configurable: true });
});

async function unzip(templateId: (typeof SLIDE_TEMPLATE_IDS)[number]) {
  const pptx = buildPptx(PptxGenJS, { title: '人工智能与教育', templateId, slides: EVERY_LAYOUT });
  const buffer = (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
  return { buffer, zip: await JSZip.loadAsync(buffer) };
}

const runsOf = (xml: string) => [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]);

describe('the .pptx', () => {
  it('is a zip with one slide per deck slide, texts as editable runs, a native table and chart', async () => {
    const { buffer, zip } = await unzip('ocean');
    expect(buffer.subarray(0, 2).toString()).toBe('PK');
    const slides = Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
    expect(slides).toHaveLength(EVERY_LAYOUT.length);
    const xml = async (n: number) => zip.file(`ppt/slides/slide${n}.xml`)!.async('string');
    expect(runsOf(await xml(1))).toEqual(expect.arrayContaining(['人工智能与教育', '智慧课堂的现在与未来']));
    expect(runsOf(await xml(3))).toEqual(expect.arrayContaining(['为什么关注人工智能', '个性化学习成为可能', '评价方式更加多元', '3 / 8']));
    expect(runsOf(await xml(4))).toEqual(expect.arrayContaining(['传统课堂', '智慧课堂', '因材施教']));
    const table = await xml(6);
    expect(table).toContain('<a:tbl>');
    expect(runsOf(table)).toEqual(expect.arrayContaining(['项目', '说明', '目标', '提升学习效果']));
    expect(await xml(7)).toContain('<c:chart');
    const charts = Object.keys(zip.files).filter((name) => /^ppt\/charts\/chart\d+\.xml$/.test(name));
    expect(charts).toHaveLength(1);
    const chart = await zip.file(charts[0]!)!.async('string');
    expect(chart).toContain('<c:barChart>');
    for (const value of ['120', '180', '260']) expect(chart).toContain(`<c:v>${value}</c:v>`);
    // No pictures: everything is editable.
    expect(Object.values(zip.files).some((file) => !file.dir && file.name.startsWith('ppt/media/'))).toBe(false);
  });

  it('builds with every template', async () => {
    for (const id of SLIDE_TEMPLATE_IDS) {
      const { zip } = await unzip(id);
      expect(Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))).toHaveLength(EVERY_LAYOUT.length);
    }
  });

  it('names the file after the deck', () => {
    expect(fileNameOf('人工智能/教育: 未来?', 'pptx')).toBe('人工智能 教育 未来.pptx');
    expect(fileNameOf('   ', 'pdf')).toBe('演示文稿.pdf');
  });
});
