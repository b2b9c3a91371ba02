import { EventBus } from './eventBus';

interface TestEvents {
  ping: { n: number };
}

describe('EventBus', () => {
  it('delivers to subscribers until they unsubscribe', () => {
    const bus = new EventBus<TestEvents>();
    const got: number[] = [];
    const off = bus.on('ping', ({ n }) => got.push(n));
    bus.emit('ping', { n: 1 });
    off();
    bus.emit('ping', { n: 2 });
    expect(got).toEqual([1]);
  });

  it('keeps delivering when one handler throws', () => {
    const bus = new EventBus<TestEvents>();
    const got: number[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    bus.on('ping', () => {
      throw new Error('boom');
    });
    bus.on('ping', ({ n }) => got.push(n));
    bus.emit('ping', { n: 3 });
    expect(got).toEqual([3]);
    spy.mockRestore();
  });
});
