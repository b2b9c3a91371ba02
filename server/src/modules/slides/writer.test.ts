import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DeckOutline } from '@qiming/contracts';
import type { OpenedStream } from '../chat/upstream/channelRouter.js';
import type { UpstreamEvent } from '../chat/upstream/types.js';
import { documentOutline, offlineSlide, subjectOf, topicOutline } from './offlineWriter.js';
import { outlineOfText, textOfOutline } from './outlineText.js';
import { ModelSlideWriter } from './writer.js';

describe('the outline text', () => {
  it('reads any prefix of the Markdown form, numbering and emphasis removed', () => {
    const text = '# 城市垃圾分类\n## 1. **现状**\n- 参与率 60%\n- 设施不足\n## 二、对策\n- 宣';
    assert.deepEqual(outlineOfText(text, '备用'), { title: '城市垃圾分类', sections: [{ title: '现状', points: ['参与率 60%', '设施不足'] }, { title: '对策', points: ['宣'] }] });
    assert.deepEqual(outlineOfText('## 只有章节', '备用标题'), { title: '备用标题', sections: [{ title: '只有章节', points: [] }] });
    const outline = outlineOfText(text, '');
    assert.deepEqual(outlineOfText(textOfOutline(outline), ''), outline);
  });
});

describe('the offline writer', () => {
  it('writes a topic outline in the topic words, as many sections as asked, different per topic', () => {
    assert.equal(subjectOf('帮我做一份关于新能源汽车的PPT'), '新能源汽车');
    const ai = topicOutline('人工智能与教育', 7);
    assert.equal(ai.sections.length, 7);
    assert.equal(ai.title, '人工智能与教育');
    assert.ok(ai.sections.some((s) => s.title.includes('人工智能与教育')));
    assert.ok(ai.sections.flatMap((s) => s.points).some((p) => p.includes('教育')));
    const report = topicOutline('第三季度销售工作汇报', 5);
    assert.notDeepEqual(report.sections.map((s) => s.title), ai.sections.slice(0, 5).map((s) => s.title));
    assert.equal(topicOutline('咖啡', 19).sections.length, 19);
  });

  it('outlines a document from its headings and key sentences, or from runs of paragraphs', () => {
    const doc = '产品手册\n第一章 安装\n将设备放在通风处。接通电源后指示灯亮起，约需 30 秒完成启动。\n第二章 使用\n按下开关开始工作。连续使用不宜超过 8 小时。\n第三章 保养\n每月清洁一次滤网。';
    const outline = documentOutline('手册.docx', doc, 3);
    assert.equal(outline.title, '产品手册');
    assert.deepEqual(outline.sections.map((s) => s.title), ['安装', '使用', '保养']);
    assert.ok(outline.sections[0]!.points.some((p) => p.includes('30 秒')));
    const plain = documentOutline('随笔.txt', '今天天气很好，我们去了公园散步。\n\n公园里的花开得正盛，游人很多。\n\n傍晚我们回家做饭，吃得很开心。', 3);
    assert.equal(plain.title, '随笔');
    assert.equal(plain.sections.length, 3);
    assert.ok(plain.sections[1]!.title.startsWith('公园里的花开得正盛'));
  });

  it('picks a layout from what a section holds', () => {
    const outline: DeckOutline = {
      title: '测试',
      sections: [
        { title: '关键数据', points: ['完成率 92%', '同比增长 18%', '新增用户 3.2 万'] },
        { title: '市场占比', points: ['甲 45%', '乙 30%', '丙 25%'] },
        { title: '方案对比', points: ['方案A：投入小', '方案A：见效快', '方案B：投入大', '方案B：影响深'] },
        { title: '核心要素', points: ['目标：提升效率', '方法：数据驱动', '资源：人员预算'] },
        { title: '总结', points: ['“贵在行动，成在坚持。”', '回顾要点'] },
        { title: '过渡', points: [] },
        { title: '市场现状', points: ['规模扩大', '竞争加剧'] },
      ],
    };
    const slide = (index: number) => offlineSlide({ outline, index });
    const bar = slide(0);
    assert.ok(bar.layout === 'chart' && bar.chart.kind === 'bar');
    assert.deepEqual(bar.layout === 'chart' && [bar.chart.labels, bar.chart.series[0]!.values], [['完成率', '同比增长'], [92, 18]]);
    const pie = slide(1);
    assert.ok(pie.layout === 'chart' && pie.chart.kind === 'pie');
    const columns = slide(2);
    assert.ok(columns.layout === 'twoColumn');
    assert.deepEqual(columns.layout === 'twoColumn' && [columns.left.heading, columns.right.bullets], ['方案A', ['投入大', '影响深']]);
    assert.equal(slide(3).layout, 'table');
    const quote = slide(4);
    assert.ok(quote.layout === 'quote' && quote.quote === '贵在行动，成在坚持。');
    assert.equal(slide(5).layout, 'section');
    const example = slide(6);
    assert.ok(example.layout === 'chart' && example.chart.note!.includes('示例数据'));
  });
});

describe('the model writer', () => {
  const outline: DeckOutline = { title: '测试', sections: [{ title: '现状', points: ['规模扩大'] }, { title: '对策', points: ['加强宣传'] }] };
  const routerAnswering = (answer: string, asked: string[][] = []) => ({
    async open(_model: string, request: { messages: Array<{ content: string }> }): Promise<OpenedStream> {
      asked.push(request.messages.map((m) => m.content));
      async function* events(): AsyncGenerator<UpstreamEvent> {
        for (const piece of answer.match(/.{1,7}/gs) ?? []) yield { type: 'content', text: piece };
        yield { type: 'usage', inputTokens: 1, outputTokens: 1 };
      }
      return { channel: { id: 'c', kind: 'openai-compatible', models: ['*'], priority: 0, weight: 1 }, events: events() };
    },
  });
  const signal = new AbortController().signal;

  it('streams the outline and asks with the topic', async () => {
    const asked: string[][] = [];
    const writer = new ModelSlideWriter(routerAnswering('# 标题\n## 一\n- 点\n', asked), 'gpt-4o-mini', 1000);
    let text = '';
    for await (const piece of writer.outline({ kind: 'topic', topic: '垃圾分类', sections: 4 }, signal)) text += piece;
    assert.equal(text, '# 标题\n## 一\n- 点\n');
    assert.match(asked[0]![1]!, /垃圾分类/);
  });

  it('takes a slide as JSON (in a code fence too), and falls back to the outline words when it is not', async () => {
    const json = '```json\n{"layout":"bullets","title":"现状","bullets":["规模持续扩大"]}\n```';
    assert.deepEqual(await new ModelSlideWriter(routerAnswering(json), 'm', 1000).slide({ outline, index: 0 }, signal), { layout: 'bullets', title: '现状', bullets: ['规模持续扩大'] });
    const fallback = await new ModelSlideWriter(routerAnswering('抱歉，我不能'), 'm', 1000).slide({ outline, index: 1 }, signal);
    assert.equal(fallback.title, '对策');
    const wrong = await new ModelSlideWriter(routerAnswering('{"layout":"chart","title":"x","chart":{"kind":"bar","labels":[],"series":[]},"bullets":[]}'), 'm', 1000).slide({ outline, index: 0 }, signal);
    assert.notEqual(wrong.layout, 'chart');
  });
});
