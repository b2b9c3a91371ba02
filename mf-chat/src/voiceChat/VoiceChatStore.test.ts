import type { StreamHandlers, StreamOutcome } from '@qiming/sdk';
import type { StreamRequestBody } from '@qiming/sdk/contracts';
import type { MicrophoneHandlers, MicrophoneLike } from './microphone';
import { createSlots, SentenceSpeaker } from './sentenceSpeaker';
import { VoiceChatStore, type VoiceChatDeps } from './VoiceChatStore';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A stream the test drives: its handlers, and `end` to finish it with an outcome. */
interface FakeStream {
  body: Omit<StreamRequestBody, 'stream'>;
  handlers: StreamHandlers;
  signal: AbortSignal;
  end(outcome: Partial<StreamOutcome> & Pick<StreamOutcome, 'status'>): void;
}

function setup({ signedIn = true, transcription = true, micError = null as Error | null, transcript = '介绍一下长城' } = {}) {
  const streams: FakeStream[] = [];
  const spoken: string[] = [];
  const stopped: string[] = [];
  let playing: (() => void) | null = null;
  let handlers: MicrophoneHandlers | null = null;
  const microphone: MicrophoneLike & { handsFree: boolean; suppressed: number; closed: boolean } = {
    handsFree: false,
    suppressed: 0,
    closed: false,
    setHandsFree: (on) => void (microphone.handsFree = on),
    suppress: (ms) => void (microphone.suppressed = ms),
    beginHold: () => undefined,
    endHold: () => ({ audio: new Blob(['wav']), ms: 1200 }),
    close: () => void (microphone.closed = true),
  };
  const deps: VoiceChatDeps = {
    isSignedIn: () => signedIn,
    askLogin: jest.fn(),
    capabilities: async () => ({ speech: 'local', transcription }),
    openMicrophone: async (h) => {
      if (micError) throw micError;
      handlers = h;
      return microphone;
    },
    transcribe: jest.fn(async () => transcript),
    send: (body, streamHandlers, signal) =>
      new Promise<StreamOutcome>((resolve) => {
        streams.push({ body, handlers: streamHandlers, signal, end: (outcome) => resolve({ ids: {}, lastSeq: 0, attempts: 1, mode: 'stream', endedWithoutDone: false, ...outcome } as StreamOutcome) });
      }),
    stop: jest.fn(async (convId: string) => void stopped.push(convId)),
    branchEnd: jest.fn(async () => 'saved-end'),
    speaker: (extra) =>
      new SentenceSpeaker(
        {
          synthesize: async (text) => {
            spoken.push(text);
            return new Blob([text]);
          },
          play: () => new Promise<void>((resolve) => (playing = resolve)),
          stopPlayback: () => playing?.(),
          ...extra,
        },
        createSlots(2),
      ),
    settings: () => ({ systemPrompt: '', recentChatLen: 4 }),
    rememberModel: jest.fn(),
    renderEveryMs: 0,
  };
  const store = new VoiceChatStore(deps, 'glm-4-flash');
  return {
    store,
    deps,
    streams,
    spoken,
    stopped,
    microphone,
    mic: () => handlers!,
    /** The sentence playing ends. */
    played: async () => {
      const done = playing;
      playing = null;
      done?.();
      await flush();
    },
  };
}

/** Speaks an utterance in hands-free mode: speech starts, then ends. */
async function say(f: ReturnType<typeof setup>) {
  expect(f.mic().onSpeechStart()).toBe(true);
  f.mic().onUtterance({ audio: new Blob(['wav']), ms: 1500 });
  await flush();
}

describe('the voice conversation', () => {
  it('listens, sends the recognised question as a chat message, streams and speaks the answer, then listens again', async () => {
    const f = setup();
    await f.store.loadCapabilities();
    await f.store.start();
    expect(f.store.phase).toBe('listening');
    expect(f.microphone.handsFree).toBe(true);

    await say(f);
    expect(f.deps.transcribe).toHaveBeenCalledTimes(1);
    expect(f.streams).toHaveLength(1);
    expect(f.streams[0]!.body).toMatchObject({ model: 'glm-4-flash', request: '介绍一下长城', convGroupId: null, parentConvId: null, search: false, useContext: true });
    expect(f.store.phase).toBe('thinking');

    const stream = f.streams[0]!;
    stream.handlers.onIds!({ convId: 'a1', convGroupId: 'g1', parentConvId: 'q1' });
    stream.handlers.onDelta!('长城是中国古代的军事防御工程。它东起', {} as never);
    expect(f.store.phase).toBe('answering');
    expect(f.store.turns[0]).toMatchObject({ question: '介绍一下长城', answer: '长城是中国古代的军事防御工程。它东起', status: 'streaming' });
    await flush();
    expect(f.spoken).toEqual(['长城是中国古代的军事防御工程。']);
    expect(f.store.speaking).toBe('长城是中国古代的军事防御工程。');
    // the echo canceller gets a moment with each sentence
    expect(f.microphone.suppressed).toBe(500);

    stream.handlers.onDelta!('山海关，西至嘉峪关。', {} as never);
    stream.handlers.onAnswerComplete!({ convId: 'a1', convGroupId: 'g1', parentConvId: 'q1', offlineDemo: true });
    stream.end({ status: 'done' });
    await flush();
    expect(f.store.turns[0]!.status).toBe('done');
    expect(f.spoken).toEqual(['长城是中国古代的军事防御工程。', '它东起山海关，西至嘉峪关。']);
    expect(f.store.phase).toBe('answering');
    await f.played();
    await f.played();
    expect(f.store.phase).toBe('listening');
    expect(f.store.convGroupId).toBe('g1');

    // the next question follows the answer, in the same conversation
    await say(f);
    expect(f.streams[1]!.body).toMatchObject({ convGroupId: 'g1', parentConvId: 'a1' });
  });

  it('is interrupted by the user speaking: speech and generation stop, and the next question follows the saved end', async () => {
    const f = setup();
    await f.store.start();
    await say(f);
    const stream = f.streams[0]!;
    stream.handlers.onIds!({ convId: 'a1', convGroupId: 'g1', parentConvId: 'q1' });
    stream.handlers.onDelta!('第一句话已经开始朗读了。第二句', {} as never);
    await flush();
    expect(f.store.phase).toBe('answering');

    expect(f.mic().onSpeechStart()).toBe(true);
    expect(stream.signal.aborted).toBe(true);
    expect(f.stopped).toEqual(['a1']);
    expect(f.store.phase).toBe('listening');
    expect(f.store.turns[0]!.status).toBe('stopped');
    expect(f.store.speaking).toBeNull();
    stream.end({ status: 'aborted', code: 699 });
    await flush();
    expect(f.deps.branchEnd).toHaveBeenCalledWith('g1');

    f.mic().onUtterance({ audio: new Blob(['wav']), ms: 900 });
    await flush();
    expect(f.streams[1]!.body).toMatchObject({ convGroupId: 'g1', parentConvId: 'saved-end' });
    // nothing more of the first answer is spoken
    expect(f.spoken).toEqual(['第一句话已经开始朗读了。']);
  });

  it('is interrupted by tapping 打断 and listens', async () => {
    const f = setup();
    await f.store.start();
    await say(f);
    f.streams[0]!.handlers.onIds!({ convId: 'a1', convGroupId: 'g1' });
    f.store.interrupt();
    expect(f.streams[0]!.signal.aborted).toBe(true);
    expect(f.stopped).toEqual(['a1']);
    expect(f.store.phase).toBe('listening');
  });

  it('signed out: starting, holding or typing asks to log in and opens no microphone', async () => {
    const f = setup({ signedIn: false });
    await f.store.start();
    await f.store.pressTalk();
    expect(await f.store.sendText('你好')).toBe(false);
    expect(f.deps.askLogin).toHaveBeenCalledTimes(3);
    expect(f.store.phase).toBe('idle');
    expect(f.streams).toHaveLength(0);
  });

  it('without a recognition service says so and typing still works', async () => {
    const f = setup({ transcription: false });
    await f.store.loadCapabilities();
    await f.store.start();
    expect(f.store.error).toContain('语音识别服务');
    expect(f.store.phase).toBe('idle');
    expect(await f.store.sendText('ECHO:你好。这是打字的问题。')).toBe(true);
    await flush();
    expect(f.streams[0]!.body.request).toBe('ECHO:你好。这是打字的问题。');
  });

  it('says how to allow a denied microphone and stays ready to try again', async () => {
    const denied = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    const f = setup({ micError: denied });
    await f.store.start();
    expect(f.store.error).toMatch(/麦克风权限被拒绝.*允许/);
    expect(f.store.phase).toBe('idle');
  });

  it('says when nothing was recognised and listens again', async () => {
    const f = setup({ transcript: '  ' });
    await f.store.start();
    await say(f);
    expect(f.store.error).toBe('没有识别出说话内容，请靠近麦克风再试一次');
    expect(f.store.phase).toBe('listening');
    expect(f.streams).toHaveLength(0);
  });

  it('hold-to-talk: a press records, the release sends; pressing while it answers interrupts', async () => {
    const f = setup();
    f.store.setMode('hold');
    await f.store.pressTalk();
    expect(f.store.phase).toBe('listening');
    expect(f.microphone.handsFree).toBe(false);
    f.store.releaseTalk();
    await flush();
    expect(f.streams).toHaveLength(1);
    f.streams[0]!.handlers.onIds!({ convId: 'a1', convGroupId: 'g1' });
    await f.store.pressTalk();
    expect(f.stopped).toEqual(['a1']);
    expect(f.store.phase).toBe('listening');
    // in hold mode the VAD does not start anything
    expect(f.mic().onSpeechStart()).toBe(false);
  });

  it('a failed answer says why and listens again', async () => {
    const f = setup();
    await f.store.start();
    await say(f);
    f.streams[0]!.end({ status: 'error', code: -1, message: '网络错误', partial: false });
    await flush();
    expect(f.store.error).toBe('回答失败：网络错误');
    expect(f.store.turns[0]!.status).toBe('failed');
    expect(f.store.phase).toBe('listening');
  });
});
