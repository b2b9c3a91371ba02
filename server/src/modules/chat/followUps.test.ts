import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { silentLog } from '../../log.js';
import { fetchFollowUps, followUpMessages, parseFollowUps } from './followUps.js';
import { chatRequest } from './upstream/testStreams.js';
import type { UpstreamEvent, UpstreamRequest } from './upstream/types.js';

describe('follow-up suggestions: parsing', () => {
  it('reads numbered, bulleted, quoted, JSON and &&-joined lists, at most three', () => {
    assert.deepEqual(parseFollowUps('1. 长城有多长？\n2. 长城是谁修的？\n3. 长城能从太空看到吗？\n4. 多余的一个？'), ['长城有多长？', '长城是谁修的？', '长城能从太空看到吗？']);
    assert.deepEqual(parseFollowUps('Here are some follow-up questions:\n\n- "How long is it?"\n* **Who built it?**\n• Can you see it from space?'), ['How long is it?', 'Who built it?', 'Can you see it from space?']);
    assert.deepEqual(parseFollowUps('```json\n["A？", "B？", "C？"]\n```'), ['A？', 'B？', 'C？']);
    assert.deepEqual(parseFollowUps('（1）甲？&&2）乙？&&Q3: 丙？'), ['甲？', '乙？', '丙？']);
    assert.deepEqual(parseFollowUps('同一个？\n同一个？\n\n' + 'x'.repeat(200)), ['同一个？']);
    assert.deepEqual(parseFollowUps(''), []);
  });

  it('asks for three questions in the answer\'s language, with the question and answer cut to excerpts', () => {
    const [system, user] = followUpMessages('问'.repeat(3000), '答案');
    assert.equal(system!.role, 'system');
    assert.match(system!.content, /3 short follow-up questions/);
    assert.match(system!.content, /same language as the answer/);
    assert.ok(user!.content.length < 2200);
    assert.match(user!.content, /答案/);
  });
});

describe('follow-up suggestions: the call', () => {
  const call = (stream: (request: UpstreamRequest) => AsyncIterable<UpstreamEvent>, extra: { signal?: AbortSignal; timeoutMs?: number } = {}) =>
    fetchFollowUps({ stream, request: chatRequest(), question: '问题', answer: '回答', signal: extra.signal ?? new AbortController().signal, timeoutMs: extra.timeoutMs ?? 1000, log: silentLog });

  it('streams a short request without thinking or search and parses the text', async () => {
    let seen: UpstreamRequest | undefined;
    const questions = await call(async function* (request) {
      seen = request;
      yield { type: 'content', text: '1. 一？\n2. ' };
      yield { type: 'content', text: '二？\n3. 三？' };
      yield { type: 'usage', inputTokens: 10, outputTokens: 9 };
    });
    assert.deepEqual(questions, ['一？', '二？', '三？']);
    assert.deepEqual([seen!.think, seen!.webSearch, seen!.maxOutputTokens], [false, false, 200]);
  });

  it('hides the suggestions when the call fails, times out or the job was stopped', async () => {
    assert.deepEqual(await call(async function* () {
      yield { type: 'content', text: '1. 一？' };
      throw new Error('upstream broke');
    }), []);
    const slow = (request: UpstreamRequest) => (async function* () {
      yield { type: 'content', text: '1. 一？' } as UpstreamEvent;
      await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
    })();
    assert.deepEqual(await call(slow, { timeoutMs: 30 }), []);
    const stopped = new AbortController();
    stopped.abort('stop');
    let called = false;
    assert.deepEqual(await call(async function* () { called = true; yield { type: 'content', text: '一？' }; }, { signal: stopped.signal }), []);
    assert.equal(called, false);
  });
});
