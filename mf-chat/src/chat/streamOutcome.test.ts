import { STREAM_CODES, type StreamOutcome } from '@qiming/sdk';
import { planOutcome } from './streamOutcome';

const base = { ids: {}, lastSeq: 0, attempts: 1, mode: 'stream' } as const;
const cancelled = (code: number, message = ''): StreamOutcome => ({ ...base, status: 'cancelled', code, message });
const transport = (partial: boolean, lastSeq = 0): StreamOutcome => ({ ...base, lastSeq, status: 'error', code: STREAM_CODES.transport, message: 'network', partial });
const FAILED_REPLY = '当前回复生成失败，请重新生成，未生成成功不扣积分。';

describe('stream outcome plan (spec chat §4)', () => {
  it('done and stopped hand over to the saved answer', () => {
    expect(planOutcome({ ...base, status: 'done', endedWithoutDone: false }, false, 'a1')).toEqual({ kind: 'saved' });
    expect(planOutcome({ ...base, status: 'aborted', code: STREAM_CODES.cancelled }, false, 'a1')).toEqual({ kind: 'saved' });
  });

  it('a transport error after output resumes after the last chunk; a resume that got nothing new does not loop', () => {
    expect(planOutcome(transport(true, 7), false, 'a1')).toEqual({ kind: 'resume', convId: 'a1', after: 7 });
    expect(planOutcome(transport(true, 7), true, 'a1')).toEqual({ kind: 'resume', convId: 'a1', after: 7 });
    expect(planOutcome(transport(true, 0), true, 'a1')).toEqual({ kind: 'reload', notice: { kind: 'error', message: FAILED_REPLY } });
    // Without an answer id there is nothing to resume.
    expect(planOutcome(transport(true, 7), false, null)).toMatchObject({ kind: 'reload' });
    expect(planOutcome(transport(false), false, 'a1')).toEqual({ kind: 'reload', notice: { kind: 'error', message: FAILED_REPLY } });
  });

  it('699 is ignored; 608 regenerates once; 602 warns and opens pay; 401 refreshes once', () => {
    expect(planOutcome(cancelled(STREAM_CODES.cancelled), false, null)).toEqual({ kind: 'reload', notice: null });
    expect(planOutcome(cancelled(STREAM_CODES.reloadConversation), false, null)).toEqual({ kind: 'reload', notice: null, regenerate: true });
    expect(planOutcome(cancelled(STREAM_CODES.reloadConversation), true, null)).toEqual({ kind: 'reload', notice: null, regenerate: false });
    expect(planOutcome(cancelled(STREAM_CODES.insufficientCredits), false, null)).toEqual({ kind: 'reload', notice: { kind: 'integralNotEnough' }, warn: '积分不足，请及时充值' });
    expect(planOutcome(cancelled(STREAM_CODES.unauthorized), false, null)).toEqual({ kind: 'signIn', refresh: true });
    expect(planOutcome(cancelled(STREAM_CODES.unauthorized), true, null)).toEqual({ kind: 'signIn', refresh: false });
  });

  it('any other code shows the server message, or the failed-reply text without one', () => {
    expect(planOutcome(cancelled(1901, '禁止输入'), false, null)).toEqual({ kind: 'reload', notice: { kind: 'error', message: '禁止输入' } });
    expect(planOutcome(cancelled(STREAM_CODES.parseError), false, null)).toEqual({ kind: 'reload', notice: { kind: 'error', message: FAILED_REPLY } });
  });
});
