import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detect, scorableParagraphs } from './detection.js';
import type { JudgedParagraph, PaperJudge } from './llmJudge.js';
import { ModelPaperJudge, readJudgement } from './llmJudge.js';
import { paragraphsOf, sentencesOf } from './paperText.js';
import { estimateParagraph, FEATURE_WEIGHTS, paperContextOf } from './statisticalDetector.js';
import { FORMULAIC_PARAGRAPHS, HUMAN_PARAGRAPHS, MIXED_PAPER } from './testPapers.js';

const run = (text: string, detector: 'standard' | 'v2', judge: PaperJudge | null = null) =>
  detect({ text, detector, judge, signal: new AbortController().signal, onProgress: () => undefined, paceMs: 0, now: () => new Date('2025-03-01T08:00:00Z') });

describe('the paper text', () => {
  it('joins wrapped PDF lines, keeps headings and blank-line paragraphs apart', () => {
    const text = '第一章 绪论\n近年来，生成式模型的写作能力提升得很快，国内外高校对学位论文原创性的\n要求也随之提高。本文讨论检测方法。\n\n第二段从这里开始。';
    assert.deepEqual(paragraphsOf(text), ['第一章 绪论', '近年来，生成式模型的写作能力提升得很快，国内外高校对学位论文原创性的要求也随之提高。本文讨论检测方法。', '第二段从这里开始。']);
    assert.deepEqual(paragraphsOf('Large language models now write remarkably\nfluent prose. It is hard to tell.'), ['Large language models now write remarkably fluent prose. It is hard to tell.']);
  });

  it('splits sentences with their offsets, Chinese and English, decimals kept whole', () => {
    const paragraph = '增长了 3.5 倍。为什么？因为“需求变了”。Costs fell. Prices rose 2.5%.';
    const sentences = sentencesOf(paragraph);
    assert.deepEqual(sentences.map((s) => s.text), ['增长了 3.5 倍。', '为什么？', '因为“需求变了”。', 'Costs fell.', 'Prices rose 2.5%.']);
    for (const s of sentences) assert.equal(paragraph.slice(s.start, s.end), s.text);
  });
});

describe('the statistical estimate', () => {
  it('weights each feature set to 1', () => {
    for (const weights of Object.values(FEATURE_WEIGHTS)) assert.equal(Math.round(Object.values(weights).reduce((a, b) => a + b, 0) * 1000), 1000);
  });

  for (const set of [1, 2] as const) {
    it(`scores varied human prose low and formulaic connective-heavy prose high (feature set ${set})`, () => {
      const context = paperContextOf([...HUMAN_PARAGRAPHS, ...FORMULAIC_PARAGRAPHS], set);
      const human = HUMAN_PARAGRAPHS.map((p) => estimateParagraph(p, context));
      const formulaic = FORMULAIC_PARAGRAPHS.map((p) => estimateParagraph(p, context));
      for (const e of human) assert.ok(e.score < 40, `human ${e.score} ${JSON.stringify(e.features)}`);
      for (const e of formulaic) assert.ok(e.score >= 60, `formulaic ${e.score} ${JSON.stringify(e.features)}`);
      // Each feature points the right way on these texts.
      const mean = (list: typeof human, id: 'uniformity' | 'connectives') => list.reduce((sum, e) => sum + (e.features[id] ?? 0), 0) / list.length;
      assert.ok(mean(formulaic, 'connectives') > mean(human, 'connectives'));
      assert.ok(mean(formulaic, 'uniformity') > mean(human, 'uniformity'));
      // The highlighted passages are whole sentences holding the connectives.
      const spans = formulaic[0]!.spans;
      assert.ok(spans.length >= 1 && spans.length <= 3);
      for (const span of spans) {
        const passage = FORMULAIC_PARAGRAPHS[0]!.slice(span.start, span.end);
        assert.match(passage, /[。]$/);
        assert.match(span.reason, /连接词与套话：/);
      }
      assert.ok(spans.some((span) => FORMULAIC_PARAGRAPHS[0]!.slice(span.start, span.end).startsWith('首先')));
    });
  }

  it('reads English connectives on word boundaries', () => {
    const english = ['Furthermore, the model improves accuracy. In addition, it reduces cost. Moreover, it is easy to deploy. In conclusion, it plays a crucial role.'];
    const context = paperContextOf(english, 1);
    const estimate = estimateParagraph(english[0]!, context);
    assert.equal(context.chinese, false);
    assert.equal(estimate.features.connectives, 1);
    assert.equal(estimateParagraph('The thusly named hallway was long, and nobody knew why it had been built.', context).features.connectives, 0);
  });
});

describe('the report', () => {
  it('scores every long paragraph, skips headings, weights the overall share by length', async () => {
    const report = await run(MIXED_PAPER, 'standard');
    assert.deepEqual([report.paragraphs.length, report.skipped, report.method, report.model, report.featureSet, report.fallbacks], [6, 1, 'statistical', null, 1, 0]);
    const human = report.paragraphs.slice(0, 3);
    const formulaic = report.paragraphs.slice(3);
    assert.ok(human.every((p) => p.level === 'low' && p.spans.length === 0));
    assert.ok(formulaic.every((p) => p.level !== 'low' && p.spans.length > 0));
    const chars = report.paragraphs.map((p) => p.text.replace(/\s+/g, '').length);
    const expected = Math.round(report.paragraphs.reduce((sum, p, i) => sum + p.score * chars[i]!, 0) / chars.reduce((a, b) => a + b, 0));
    assert.equal(report.overall, expected);
    assert.ok(report.overall > 25 && report.overall < 75, String(report.overall));
    assert.deepEqual(report.features.map((f) => f.id), ['uniformity', 'connectives', 'repetition', 'diversity']);
    assert.equal((await run(MIXED_PAPER, 'v2')).features.length, 6);
    assert.equal(scorableParagraphs(MIXED_PAPER).scored.length, 6);
  });

  it('takes the judge’s scores and passages, and the estimate where its answer is garbled or its call fails', async () => {
    let calls = 0;
    const judge: PaperJudge = {
      model: 'judge-model',
      async judge(paragraphs) {
        calls++;
        return paragraphs.map((p, i): JudgedParagraph | null => (i === 0 ? null : { score: 91, spans: [{ start: 0, end: 4, reason: '模型理由' }] }));
      },
    };
    const report = await run(MIXED_PAPER, 'v2', judge);
    assert.equal(calls, 1);
    assert.deepEqual([report.method, report.model, report.fallbacks], ['llm', 'judge-model', 1]);
    assert.equal(report.paragraphs[0]!.method, 'statistical');
    assert.deepEqual(report.paragraphs.slice(1).map((p) => [p.score, p.level, p.method]), Array(5).fill([91, 'high', 'llm']));

    const failing: PaperJudge = { model: 'judge-model', judge: async () => Promise.reject(new Error('upstream 502')) };
    const fallback = await run(MIXED_PAPER, 'v2', failing);
    assert.deepEqual([fallback.method, fallback.model, fallback.fallbacks], ['statistical', null, 6]);
    assert.deepEqual(fallback.paragraphs.map((p) => p.score), (await run(MIXED_PAPER, 'v2')).paragraphs.map((p) => p.score));
  });

  it('reads a model answer robustly: fenced JSON, clamped scores, passages found word for word, garbage as nothing', () => {
    const paragraphs = ['首先，我们要明确目标。其次，我们要制定计划。', '我小时候住在河边。'];
    const answer = '好的，结果如下：\n```json\n{"results":[{"index":0,"score":"130","passages":["其次，我们要制定计划。","并不存在的句子"],"reason":"连接词堆砌"},{"index":7,"score":50}]}\n```';
    assert.deepEqual(readJudgement(answer, paragraphs), [{ score: 100, spans: [{ start: 11, end: 22, reason: '连接词堆砌' }] }, null]);
    assert.deepEqual(readJudgement('我认为第一段像 AI 写的。', paragraphs), [null, null]);
    assert.deepEqual(readJudgement('{"results":[{"index":1,"score":-5}]}', paragraphs), [null, { score: 0, spans: [] }]);
  });

  it('asks the chat model through the channel router with the numbered paragraphs and reads its streamed answer', async () => {
    const asked: Array<{ model: string; messages: Array<{ role: string; content: unknown }> }> = [];
    const router = {
      async open(model: string, request: { messages: Array<{ role: string; content: unknown }> }) {
        asked.push({ model, messages: request.messages });
        const events = (async function* () {
          yield { type: 'content' as const, text: '{"results":[{"index":0,"score":88,' };
          yield { type: 'content' as const, text: '"passages":["其次，我们要制定计划。"],"reason":"句式工整"}]}' };
        })();
        return { events } as never;
      },
    };
    const judge = new ModelPaperJudge(router, 'judge-model');
    const judged = await judge.judge(['首先，我们要明确目标。其次，我们要制定计划。', '第二段。'], new AbortController().signal);
    assert.deepEqual(judged, [{ score: 88, spans: [{ start: 11, end: 22, reason: '句式工整' }] }, null]);
    assert.equal(asked[0]!.model, 'judge-model');
    assert.equal(asked[0]!.messages[0]!.role, 'system');
    assert.match(String(asked[0]!.messages[1]!.content), /段落 \[0\]：首先[\s\S]*段落 \[1\]：第二段。/);
  });
});
