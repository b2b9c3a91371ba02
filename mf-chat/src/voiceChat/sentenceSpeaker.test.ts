import { createSlots, SentenceSpeaker, type SpeakerDeps } from './sentenceSpeaker';

/** Synthesis and playback the test finishes by hand, recording what happened in order. */
function fakes() {
  const log: string[] = [];
  const syntheses = new Map<string, { resolve(blob: Blob): void; reject(error: Error): void }>();
  let endPlayback: (() => void) | null = null;
  // jsdom's Blob cannot be read back: each fake audio remembers its sentence here
  const spoken = new Map<Blob, string>();
  const deps: SpeakerDeps = {
    synthesize: (text) =>
      new Promise<Blob>((resolve, reject) => {
        log.push(`synth ${text}`);
        syntheses.set(text, { resolve, reject });
      }),
    play: (audio) =>
      new Promise<void>((resolve) => {
        log.push(`play ${spoken.get(audio)}`);
        endPlayback = resolve;
      }),
    stopPlayback: () => {
      log.push('stop playback');
      endPlayback?.();
    },
  };
  return {
    deps,
    log,
    synthesized: async (text: string) => {
      const audio = new Blob([text]);
      spoken.set(audio, text);
      syntheses.get(text)!.resolve(audio);
      await flush();
    },
    failed: async (text: string) => {
      syntheses.get(text)!.reject(new Error('语音合成失败'));
      await flush();
    },
    played: async () => {
      endPlayback?.();
      endPlayback = null;
      await flush();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('speaking an answer sentence by sentence', () => {
  it('synthesizes the next sentence while one plays, and plays them in order however the audio arrives', async () => {
    const f = fakes();
    const speaker = new SentenceSpeaker(f.deps, createSlots(2));
    speaker.add('第一句。');
    speaker.add('第二句。');
    speaker.add('第三句。');
    await flush();
    // one ahead: the third is not asked for yet
    expect(f.log).toEqual(['synth 第一句。', 'synth 第二句。']);
    await f.synthesized('第二句。');
    expect(f.log).not.toContain('play 第二句。');
    await f.synthesized('第一句。');
    expect(f.log.slice(2)).toEqual(['play 第一句。']);
    // the second is ready: it plays, and the third is asked for while it does
    await f.played();
    expect(f.log.slice(3)).toEqual(['synth 第三句。', 'play 第二句。']);
    speaker.end();
    await f.synthesized('第三句。');
    await f.played();
    await f.played();
    expect(f.log.filter((l) => l.startsWith('play'))).toEqual(['play 第一句。', 'play 第二句。', 'play 第三句。']);
    await expect(speaker.done).resolves.toEqual({ kind: 'finished' });
  });

  it('waits for sentences still to come until it is told the answer ended', async () => {
    const f = fakes();
    const speaker = new SentenceSpeaker(f.deps, createSlots(2));
    let ended = false;
    void speaker.done.then(() => (ended = true));
    speaker.add('一句。');
    await f.synthesized('一句。');
    await f.played();
    expect(ended).toBe(false);
    speaker.add('又一句。');
    await f.synthesized('又一句。');
    expect(f.log.at(-1)).toBe('play 又一句。');
    speaker.end();
    await f.played();
    expect(ended).toBe(true);
  });

  it('stops at once: playback ends, nothing more is asked for or played', async () => {
    const f = fakes();
    const speaker = new SentenceSpeaker(f.deps, createSlots(2));
    speaker.add('第一句。');
    speaker.add('第二句。');
    await f.synthesized('第一句。');
    speaker.stop();
    await expect(speaker.done).resolves.toEqual({ kind: 'stopped' });
    speaker.add('第三句。');
    await f.synthesized('第二句。');
    expect(f.log.filter((l) => l.startsWith('play'))).toEqual(['play 第一句。']);
    expect(f.log).not.toContain('synth 第三句。');
    expect(f.log).toContain('stop playback');
  });

  it('ends as failed when a sentence cannot be synthesized', async () => {
    const f = fakes();
    const speaker = new SentenceSpeaker(f.deps, createSlots(2));
    speaker.add('第一句。');
    await f.failed('第一句。');
    const end = await speaker.done;
    expect(end.kind).toBe('failed');
    expect(end.kind === 'failed' && (end.error as Error).message).toBe('语音合成失败');
  });

  it("keeps an interrupted answer's requests within the page's limit until the server answers them", async () => {
    const f = fakes();
    const slots = createSlots(2);
    const first = new SentenceSpeaker(f.deps, slots);
    first.add('旧回答第一句。');
    first.add('旧回答第二句。');
    await flush();
    first.stop();
    const second = new SentenceSpeaker(f.deps, slots);
    second.add('新回答第一句。');
    await flush();
    expect(f.log).not.toContain('synth 新回答第一句。');
    await f.synthesized('旧回答第一句。');
    expect(f.log.at(-1)).toBe('synth 新回答第一句。');
    second.end();
    await f.synthesized('新回答第一句。');
    expect(f.log.at(-1)).toBe('play 新回答第一句。');
  });
});
