import type { DeckOutline } from '@qiming/sdk/contracts';
import { outlineOps, outlineProblem } from './outlineOps';

const OUTLINE: DeckOutline = {
  title: '人工智能与教育',
  sections: [
    { title: '是什么', points: ['定义', '由来', '意义'] },
    { title: '现状', points: ['规模'] },
    { title: '总结', points: [] },
  ],
};
const titles = (outline: DeckOutline) => outline.sections.map((s) => s.title);

describe('outline editing', () => {
  it('renames, adds, deletes and moves sections without touching the original', () => {
    const copy = JSON.parse(JSON.stringify(OUTLINE)) as DeckOutline;
    expect(titles(outlineOps.renameSection(OUTLINE, 1, '发展现状'))).toEqual(['是什么', '发展现状', '总结']);
    expect(titles(outlineOps.addSection(OUTLINE, 0, '新章节'))).toEqual(['是什么', '新章节', '现状', '总结']);
    expect(titles(outlineOps.addSection(OUTLINE, -1, '开头'))).toEqual(['开头', '是什么', '现状', '总结']);
    expect(titles(outlineOps.deleteSection(OUTLINE, 0))).toEqual(['现状', '总结']);
    expect(titles(outlineOps.moveSection(OUTLINE, 2, 0))).toEqual(['总结', '是什么', '现状']);
    expect(titles(outlineOps.moveSection(OUTLINE, 0, 5))).toEqual(['是什么', '现状', '总结']);
    expect(outlineOps.renameDeck(OUTLINE, '智慧教育').title).toBe('智慧教育');
    expect(OUTLINE).toEqual(copy);
  });

  it('renames, adds, deletes and moves points within their section', () => {
    expect(outlineOps.renamePoint(OUTLINE, 0, 1, '发展由来').sections[0]!.points).toEqual(['定义', '发展由来', '意义']);
    expect(outlineOps.deletePoint(OUTLINE, 0, 1).sections[0]!.points).toEqual(['定义', '意义']);
    expect(outlineOps.movePoint(OUTLINE, 0, 2, 0).sections[0]!.points).toEqual(['意义', '定义', '由来']);
    expect(outlineOps.addPoint(OUTLINE, 2, '展望').sections[2]!.points).toEqual(['展望']);
    expect(outlineOps.deletePoint(OUTLINE, 0, 1).sections[1]).toBe(OUTLINE.sections[1]);
  });

  it('keeps to the limits and says what stops generating', () => {
    let full = OUTLINE;
    for (let i = 0; i < 30; i++) full = outlineOps.addSection(full, 0, `章${i}`);
    expect(full.sections).toHaveLength(19);
    let points = OUTLINE;
    for (let i = 0; i < 10; i++) points = outlineOps.addPoint(points, 1, `点${i}`);
    expect(points.sections[1]!.points).toHaveLength(8);
    expect(outlineProblem(OUTLINE)).toBeNull();
    expect(outlineProblem(outlineOps.deleteSection(outlineOps.deleteSection(OUTLINE, 0), 0))).toBe('tooFew');
    expect(outlineProblem(outlineOps.renameSection(OUTLINE, 0, ' '))).toBe('emptySection');
    expect(outlineProblem(outlineOps.renameDeck(OUTLINE, ''))).toBe('noTitle');
  });
});
