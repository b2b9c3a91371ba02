import { watchDevtools } from './devtoolsWatch';

describe('watchDevtools', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('raises the alarm once, at the third hit (about 1.5 s after the tools open)', () => {
    const onDetected = jest.fn();
    watchDevtools(() => true, onDetected);
    jest.advanceTimersByTime(1000);
    expect(onDetected).not.toHaveBeenCalled();
    jest.advanceTimersByTime(500);
    expect(onDetected).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10_000);
    expect(onDetected).toHaveBeenCalledTimes(1);
  });

  it('never fires while the tools stay shut, and counts separate openings', () => {
    let open = false;
    const onDetected = jest.fn();
    const stop = watchDevtools(() => open, onDetected);
    jest.advanceTimersByTime(60_000);
    expect(onDetected).not.toHaveBeenCalled();
    open = true;
    jest.advanceTimersByTime(1000); // 2 hits
    open = false;
    jest.advanceTimersByTime(5000);
    open = true;
    jest.advanceTimersByTime(500); // third hit
    expect(onDetected).toHaveBeenCalledTimes(1);
    stop();
  });
});
