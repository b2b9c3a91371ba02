import { StreamBuffer, type StreamPieces } from './streamBuffer';

describe('StreamBuffer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('hands pieces over at most every interval, in order, text and reasoning apart', () => {
    const got: StreamPieces[] = [];
    const buffer = new StreamBuffer(100, (p) => got.push(p));
    buffer.add('reasoning', '想');
    buffer.add('text', '长');
    jest.advanceTimersByTime(50);
    buffer.add('text', '城');
    expect(got).toEqual([]);
    jest.advanceTimersByTime(50);
    expect(got).toEqual([{ reasoning: '想', text: '长城' }]);
    buffer.add('text', '很长');
    buffer.flush();
    expect(got).toEqual([{ reasoning: '想', text: '长城' }, { reasoning: '', text: '很长' }]);
    jest.advanceTimersByTime(500);
    expect(got).toHaveLength(2);
  });

  it('hands each piece over at once with no interval, and drops pending pieces when cancelled', () => {
    const got: StreamPieces[] = [];
    new StreamBuffer(0, (p) => got.push(p)).add('text', '即时');
    expect(got).toEqual([{ text: '即时', reasoning: '' }]);
    const buffer = new StreamBuffer(100, (p) => got.push(p));
    buffer.add('text', '丢弃');
    buffer.cancel();
    jest.advanceTimersByTime(200);
    expect(got).toHaveLength(1);
  });
});
