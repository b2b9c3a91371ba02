import { startRotation } from './rotation';

describe('startRotation', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('moves to the next item every 4 s and wraps around', () => {
    const seen: number[] = [];
    const rotation = startRotation(3, (i) => seen.push(i));
    jest.advanceTimersByTime(3999);
    expect(seen).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(seen).toEqual([1]);
    jest.advanceTimersByTime(8000);
    expect(seen).toEqual([1, 2, 0]);
    rotation.stop();
  });

  it('holds still while hovered and turns again after', () => {
    const seen: number[] = [];
    const rotation = startRotation(2, (i) => seen.push(i));
    jest.advanceTimersByTime(2000);
    rotation.pause();
    jest.advanceTimersByTime(20_000);
    expect(seen).toEqual([]);
    rotation.resume();
    jest.advanceTimersByTime(4000);
    expect(seen).toEqual([1]);
    rotation.resume(); // a second resume does not start a second timer
    jest.advanceTimersByTime(4000);
    expect(seen).toEqual([1, 0]);
    rotation.stop();
    jest.advanceTimersByTime(20_000);
    expect(seen).toEqual([1, 0]);
  });

  it('does not turn a single item', () => {
    const onChange = jest.fn();
    startRotation(1, onChange);
    jest.advanceTimersByTime(60_000);
    expect(onChange).not.toHaveBeenCalled();
  });
});
