import { isProgressLine, reduceLive, startLive, type LiveAnswer, type LiveEvent } from './liveAnswer';

// The contract's own prefixes (the SDK's other parts are not needed here).
jest.mock('@qiming/sdk', () => ({ PROGRESS_PREFIXES: jest.requireActual('@qiming/sdk/contracts').PROGRESS_PREFIXES }));

const WAIT = ['正在连接模型', '模型正在理解你的问题', '正在组织回答'];
const run = (live: LiveAnswer, ...events: LiveEvent[]) => events.reduce(reduceLive, live);
const steps = (live: LiveAnswer) => live.steps.map((s) => [s.text, s.startedAt, s.doneAt]);

describe('live answer reducer', () => {
  it('starts waiting on its first step, with the question (null for a regenerate) and the id of a resumed answer', () => {
    expect(startLive('问题', WAIT[0]!, 5)).toMatchObject({ question: '问题', convId: null, text: '', steps: [{ text: WAIT[0], startedAt: 5, doneAt: null }], startedAt: 5 });
    expect(startLive(null, WAIT[0]!, 5, { convId: 'a1' })).toMatchObject({ question: null, convId: 'a1' });
  });

  it('adds a waiting step per tick while nothing is written; the last one stays', () => {
    let live = startLive('问', WAIT[0]!, 0);
    live = run(live, { type: 'waitTick', waitSteps: WAIT, now: 16 }, { type: 'waitTick', waitSteps: WAIT, now: 32 });
    expect(steps(live)).toEqual([[WAIT[0], 0, 16], [WAIT[1], 16, 32], [WAIT[2], 32, null]]);
    expect(run(live, { type: 'waitTick', waitSteps: WAIT, now: 48 })).toBe(live);
  });

  it('a progress line ends the waited-on step and becomes the current one, trimmed', () => {
    const live = run(startLive('问', WAIT[0]!, 0), { type: 'progress', line: '正在搜索：长城\n', now: 7 });
    expect(steps(live)).toEqual([[WAIT[0], 0, 7], ['正在搜索：长城', 7, null]]);
  });

  it('the first reasoning or text ends the waited-on step; later ones append; text ends thinking', () => {
    let live = startLive('问', WAIT[0]!, 0);
    live = run(live, { type: 'pieces', text: '', reasoning: '想', now: 3 });
    expect(live).toMatchObject({ reasoning: '想', thinking: true });
    expect(steps(live)).toEqual([[WAIT[0], 0, 3]]);
    live = run(live, { type: 'pieces', text: '答', reasoning: '', now: 4 }, { type: 'pieces', text: '案', reasoning: '', now: 5 });
    expect(live).toMatchObject({ text: '答案', reasoning: '想', thinking: false });
    expect(steps(live)).toEqual([[WAIT[0], 0, 3]]);
    // Written: no more waiting steps.
    expect(run(live, { type: 'waitTick', waitSteps: WAIT, now: 16 })).toBe(live);
  });

  it('takes the id, the wait text, references (added up) and follow-ups (replaced)', () => {
    const reference = (id: string) => ({ id, title: id, url: `https://${id}.example` });
    const live = run(
      startLive('问', WAIT[0]!, 0),
      { type: 'ids', convId: 'a1', questionId: 'q1' },
      { type: 'ping', waitText: '请稍候' },
      { type: 'references', list: [reference('a')] },
      { type: 'references', list: [reference('b')] },
      { type: 'followUps', list: ['一'] },
      { type: 'followUps', list: ['二', '三'] },
    );
    expect(live).toMatchObject({ convId: 'a1', questionId: 'q1', waitText: '请稍候', followUps: ['二', '三'] });
    // A regenerate answers the question it follows: no new question id.
    expect(run(startLive(null, WAIT[0]!, 0, { follows: 'q0' }), { type: 'ids', convId: 'a2', questionId: 'q0' })).toMatchObject({ convId: 'a2', questionId: null, follows: 'q0' });
    expect(live.references.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('never changes the answer it was given, and keeps the parts a text update does not touch', () => {
    const before = run(startLive('问', WAIT[0]!, 0), { type: 'pieces', text: '答', reasoning: '', now: 1 });
    const frozen = JSON.stringify(before);
    const after = run(before, { type: 'pieces', text: '案', reasoning: '', now: 2 });
    expect(JSON.stringify(before)).toBe(frozen);
    expect(after.steps).toBe(before.steps);
    expect(after.references).toBe(before.references);
  });

  it('tells progress lines from answer text', () => {
    expect(isProgressLine('正在搜索：长城')).toBe(true);
    expect(isProgressLine('长城正在搜索')).toBe(false);
    expect(isProgressLine('Searching: the Great Wall')).toBe(true);
    expect(isProgressLine('Searching is hard')).toBe(false);
  });
});
