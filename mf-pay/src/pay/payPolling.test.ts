import type { PayStatus } from '@qiming/sdk/contracts';
import { createPayPolling, MAX_POLLS, POLL_INTERVAL_MS } from './payPolling';

/** A polling whose status answers come from `answers` in turn (the last one repeats). */
function setUp(answers: Array<PayStatus | Error>) {
  let asked = 0;
  const query = jest.fn(async (_outTradeNo: string) => {
    const answer = answers[Math.min(asked++, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const onPaid = jest.fn();
  const onExpired = jest.fn();
  return { polling: createPayPolling({ query, onPaid, onExpired }), query, onPaid, onExpired };
}

/** Lets the clock run a number of poll intervals, answering each query before the next. */
async function pass(intervals: number) {
  for (let i = 0; i < intervals; i++) await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
}

describe('payPolling', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    jest.useRealTimers();
    warn.mockRestore();
  });

  it('asks every 3 s and stops at OK', async () => {
    const { polling, query, onPaid, onExpired } = setUp(['WAIT', 'WAIT', 'OK']);
    polling.restart('T1');
    expect(polling.phase).toBe('waiting');
    await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(query).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(query).toHaveBeenCalledTimes(1);
    await pass(2);
    expect(query).toHaveBeenCalledTimes(3);
    expect(query).toHaveBeenLastCalledWith('T1');
    expect(onPaid).toHaveBeenCalledWith('T1');
    expect(polling.phase).toBe('paid');
    await pass(5);
    expect(query).toHaveBeenCalledTimes(3);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('only logs a failed query and keeps polling', async () => {
    const { polling, query, onPaid } = setUp([new Error('network'), new Error('network'), 'WAIT', 'OK']);
    polling.restart('T2');
    await pass(2);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(polling.phase).toBe('waiting');
    await pass(2);
    expect(query).toHaveBeenCalledTimes(4);
    expect(onPaid).toHaveBeenCalledWith('T2');
  });

  it('gives the QR code up after 100 polls without OK', async () => {
    const { polling, query, onPaid, onExpired } = setUp(['WAIT', new Error('network'), 'WAIT']);
    polling.restart('T3');
    await pass(MAX_POLLS - 1);
    expect(onExpired).not.toHaveBeenCalled();
    await pass(1);
    expect(query).toHaveBeenCalledTimes(MAX_POLLS);
    expect(onExpired).toHaveBeenCalledWith('T3');
    expect(polling.phase).toBe('expired');
    await pass(3);
    expect(query).toHaveBeenCalledTimes(MAX_POLLS);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('ends as expired when the server says the order can no longer be paid', async () => {
    const { polling, query, onExpired } = setUp(['WAIT', 'EXPIRED']);
    polling.restart('T4');
    await pass(2);
    expect(onExpired).toHaveBeenCalledWith('T4');
    await pass(2);
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('stops on close, ignoring an answer still on its way', async () => {
    let answer: (status: PayStatus) => void = () => {};
    const query = jest.fn(() => new Promise<PayStatus>((resolve) => (answer = resolve)));
    const onPaid = jest.fn();
    const polling = createPayPolling({ query, onPaid, onExpired: jest.fn() });
    polling.restart('T5');
    await pass(1);
    expect(query).toHaveBeenCalledTimes(1);
    polling.stop();
    answer('OK');
    await pass(3);
    expect(onPaid).not.toHaveBeenCalled();
    expect(query).toHaveBeenCalledTimes(1);
    expect(polling.phase).toBe('idle');
  });

  it('restarts for a new order with a fresh count', async () => {
    const { polling, query, onPaid, onExpired } = setUp(['WAIT']);
    polling.restart('OLD');
    await pass(MAX_POLLS - 1);
    polling.restart('NEW');
    await pass(MAX_POLLS - 1);
    expect(onExpired).not.toHaveBeenCalled();
    expect(query).toHaveBeenLastCalledWith('NEW');
    await pass(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(onExpired).toHaveBeenCalledWith('NEW');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('restarts after expiry (the refreshed QR code) and can then be paid', async () => {
    const { polling, query, onPaid, onExpired } = setUp([...Array<PayStatus>(MAX_POLLS).fill('WAIT'), 'WAIT', 'OK']);
    polling.restart('A');
    await pass(MAX_POLLS);
    expect(onExpired).toHaveBeenCalledWith('A');
    polling.restart('B');
    expect(polling.phase).toBe('waiting');
    await pass(2);
    expect(query).toHaveBeenLastCalledWith('B');
    expect(onPaid).toHaveBeenCalledWith('B');
    expect(polling.phase).toBe('paid');
  });
});
