import { createSpeechGate } from './speechGate';

describe('speechGate (one speech generation at a time)', () => {
  it('refuses a second ask while one runs, with the spec text, and accepts again once it ended', async () => {
    const warn = jest.fn();
    const gate = createSpeechGate(warn);
    let finish: (value: string) => void = () => undefined;
    const first = gate.run(() => new Promise<string>((resolve) => (finish = resolve)));
    expect(gate.running).toBe(true);
    await expect(gate.run(async () => 'second')).resolves.toEqual({ refused: true });
    expect(warn).toHaveBeenCalledWith('语音正在生成中，请稍后再试！');
    finish('audio');
    await expect(first).resolves.toEqual({ refused: false, value: 'audio' });
    await expect(gate.run(async () => 'third')).resolves.toEqual({ refused: false, value: 'third' });
  });

  it('a failed generation frees the gate', async () => {
    const gate = createSpeechGate(jest.fn());
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.running).toBe(false);
  });
});
