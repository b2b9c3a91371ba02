import { markPageDrawn, pageDrawn } from './pageDrawn';

describe('pageDrawn', () => {
  it('waits for the page to draw, then lets what was deferred run once', async () => {
    const deferred = jest.fn();
    void pageDrawn().then(deferred);
    await Promise.resolve();
    expect(deferred).not.toHaveBeenCalled();
    markPageDrawn();
    markPageDrawn();
    await pageDrawn();
    expect(deferred).toHaveBeenCalledTimes(1);
  });
});
