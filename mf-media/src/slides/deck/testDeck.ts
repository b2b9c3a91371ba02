import type { Slide } from '@qiming/sdk/contracts';

/** One slide of every layout (tests and the benchmark). */
export const EVERY_LAYOUT: Slide[] = [
  { layout: 'title', title: '人工智能与教育', subtitle: '智慧课堂的现在与未来' },
  { layout: 'section', title: '第一部分：现状', subtitle: '从试点到普及' },
  { layout: 'bullets', title: '为什么关注人工智能', bullets: ['个性化学习成为可能', '教师从重复劳动中解放', '评价方式更加多元'] },
  { layout: 'twoColumn', title: '传统课堂与智慧课堂对比', left: { heading: '传统课堂', bullets: ['统一进度', '纸笔作业'] }, right: { heading: '智慧课堂', bullets: ['因材施教', '即时反馈'] } },
  { layout: 'quote', title: '总结', quote: '教育的本质是点燃火焰，而不是灌满容器。', source: '普鲁塔克' },
  { layout: 'table', title: '核心要素', columns: ['项目', '说明'], rows: [['目标', '提升学习效果'], ['方法', '数据驱动的教学'], ['评估', '过程性评价']] },
  { layout: 'chart', title: '市场规模', chart: { kind: 'bar', labels: ['2021', '2022', '2023'], series: [{ name: '规模（亿元）', values: [120, 180, 260] }], note: '数据来自大纲要点' }, bullets: ['三年翻了一倍多'] },
  { layout: 'image', title: '典型场景', caption: '智慧教室', bullets: ['课堂互动', '作业批改'] },
];
