import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError, buildStreamBody, STREAM_CODES, type StreamHandlers, type StreamOutcome } from '@qiming/sdk';
import type { SpeechCapabilities, StreamRequestBody } from '@qiming/sdk/contracts';
import { isProgressLine } from '../chat/liveAnswer';
import { StreamBuffer } from '../chat/streamBuffer';
import { t } from '../i18n';
import { microphoneErrorText } from '../voice/micErrors';
import type { MicrophoneHandlers, MicrophoneLike, Utterance } from './microphone';
import { SentenceSpeaker, type SpeakerDeps } from './sentenceSpeaker';
import { SentenceSplitter } from './sentenceSplitter';

/** 免提 (voice-activity detection) or 按住说话 (the button or the space bar). */
export type VoiceMode = 'handsFree' | 'hold';

/**
 * idle 点击开始 · ready 按住说话 (hold mode, microphone open) · listening 正在聆听 · recognizing 正在识别 ·
 * thinking 正在思考 · answering 正在回答 (streaming or speaking) · paused 已暂停.
 */
export type VoicePhase = 'idle' | 'ready' | 'listening' | 'recognizing' | 'thinking' | 'answering' | 'paused';

export interface VoiceTurn {
  id: number;
  question: string;
  answer: string;
  status: 'waiting' | 'streaming' | 'done' | 'stopped' | 'failed';
  offlineDemo: boolean;
}

/** The calls the page makes: the SDK's chat client, the speech calls, the microphone and the speaker. */
export interface VoiceChatDeps {
  isSignedIn(): boolean;
  askLogin(): void;
  capabilities(): Promise<SpeechCapabilities>;
  openMicrophone(handlers: MicrophoneHandlers): Promise<MicrophoneLike>;
  /** The recording's text; rejects with the server's reason (2207: nothing recognised). */
  transcribe(audio: Blob): Promise<string>;
  send(body: Omit<StreamRequestBody, 'stream'>, handlers: StreamHandlers, signal: AbortSignal): Promise<StreamOutcome>;
  stop(convId: string): Promise<unknown>;
  /** The node a new question follows in the conversation as saved: its last answer, or null. */
  branchEnd(convGroupId: string): Promise<string | null>;
  speaker(deps: Pick<SpeakerDeps, 'onSentence'>): SentenceSpeaker;
  settings(): { systemPrompt: string; recentChatLen: number };
  /** The model chosen here becomes the user's last chosen (the chat page opens with it). */
  rememberModel(model: string): void;
  renderEveryMs?: number;
}

/** Echo cancellation needs a moment to learn each sentence's sound: no speech starts meanwhile. */
export const PLAYBACK_DEAF_MS = 500;

interface Generation {
  controller: AbortController;
  turn: number;
  answerId: string | null;
  completed: boolean;
  speaker: SentenceSpeaker;
  splitter: SentenceSplitter;
  buffer: StreamBuffer;
  interrupted: boolean;
  /** The answer's text is all there (completed, or the stream ended otherwise). */
  streamDone: boolean;
  /** The speaker ended (spoke everything, or failed). */
  speechDone: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The voice conversation (/voice): listening (VAD or hold-to-talk), the recognised question sent
 * as a normal chat message, the answer streamed as text and spoken sentence by sentence, and
 * interrupting — by speaking or tapping — which stops the speech and the chat's generation and listens.
 */
export class VoiceChatStore {
  mode: VoiceMode = 'handsFree';
  phase: VoicePhase = 'idle';
  model: string;
  turns: VoiceTurn[] = [];
  convGroupId: string | null = null;
  /** null until known; false: no recognition service, only typing. */
  transcription: boolean | null = null;
  /** The last thing that went wrong, shown until the next step succeeds. */
  error: string | null = null;
  /** The microphone hears speech now (hands-free) or the talk button is held. */
  hearing = false;
  level = -100;
  /** The sentence being spoken (its text). */
  speaking: string | null = null;

  private parentConvId: string | null = null;
  private microphone: MicrophoneLike | null = null;
  private opening: Promise<MicrophoneLike | null> | null = null;
  private generation: Generation | null = null;
  private holding = false;
  private nextTurn = 1;
  /** Reading where the conversation ends after an answer that did not complete; a question waits for it. */
  private reconciling: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(
    private readonly deps: VoiceChatDeps,
    model: string,
  ) {
    this.model = model;
    makeAutoObservable<this, 'deps' | 'microphone' | 'opening' | 'generation' | 'reconciling'>(this, { deps: false, microphone: false, opening: false, generation: false, reconciling: false });
  }

  async loadCapabilities(): Promise<void> {
    try {
      const capabilities = await this.deps.capabilities();
      runInAction(() => (this.transcription = capabilities.transcription));
    } catch {
      runInAction(() => (this.transcription = false));
    }
  }

  setModel(model: string): void {
    this.model = model;
    this.deps.rememberModel(model);
  }

  /** 新对话: the next question starts a new conversation. */
  newConversation(): void {
    this.interrupt();
    this.turns = [];
    this.convGroupId = null;
    this.parentConvId = null;
    this.error = null;
  }

  setMode(mode: VoiceMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.microphone?.setHandsFree(mode === 'handsFree' && this.phase !== 'paused');
    this.holding = false;
    this.hearing = false;
    if (this.phase === 'listening' || this.phase === 'ready') this.phase = this.restingPhase();
  }

  /** 点击开始 / 继续 (hands-free): opens the microphone and listens. */
  async start(): Promise<void> {
    if (!this.mayListen()) return;
    this.error = null;
    const microphone = await this.openMicrophone();
    if (!microphone) return;
    runInAction(() => {
      microphone.setHandsFree(this.mode === 'handsFree');
      if (this.phase === 'idle' || this.phase === 'paused') this.phase = this.restingPhase();
    });
  }

  /** 暂停: stops the answer and closes the microphone until 继续. */
  pause(): void {
    this.interrupt();
    this.closeMicrophone();
    this.phase = 'paused';
  }

  /** Hold-to-talk pressed (button or space bar): interrupts an answer and records. */
  async pressTalk(): Promise<void> {
    if (this.holding || !this.mayListen() || this.phase === 'recognizing') return;
    this.holding = true;
    this.error = null;
    this.interrupt();
    const microphone = await this.openMicrophone();
    if (!microphone) return;
    runInAction(() => {
      microphone.setHandsFree(false);
      // released while the microphone was opening (the permission prompt): ready for the next press
      if (!this.holding) {
        if (this.phase === 'idle' || this.phase === 'paused') this.phase = this.restingPhase();
        return;
      }
      microphone.beginHold();
      this.hearing = true;
      this.phase = 'listening';
    });
  }

  /** Hold-to-talk released: the recording is recognised and sent (a tap says to hold longer). */
  releaseTalk(): void {
    if (!this.holding) return;
    this.holding = false;
    this.hearing = false;
    const utterance = this.microphone?.endHold() ?? null;
    if (!utterance) {
      if (this.microphone) this.error = t('voiceChat.holdLonger');
      if (this.phase === 'listening') this.phase = this.restingPhase();
      return;
    }
    void this.recognize(utterance);
  }

  /** 打断: stops the speech and the generation, and listens. */
  interrupt(): void {
    const generation = this.generation;
    if (!generation) return;
    this.generation = null;
    generation.interrupted = true;
    generation.speaker.stop();
    generation.buffer.flush();
    this.speaking = null;
    if (!generation.completed) {
      generation.controller.abort();
      this.updateTurn(generation.turn, { status: 'stopped' });
      if (generation.answerId) void this.deps.stop(generation.answerId).catch(() => undefined);
    }
    if (this.phase === 'thinking' || this.phase === 'answering') this.phase = this.restingPhase();
  }

  /** A typed question (always possible, with or without a recognition service). */
  async sendText(text: string): Promise<boolean> {
    const question = text.trim();
    if (!question) return false;
    if (!this.deps.isSignedIn()) {
      this.deps.askLogin();
      return false;
    }
    this.interrupt();
    void this.ask(question);
    return true;
  }

  /** Leaving the page: the microphone closes and the speech stops; the generation goes on on the server (it is saved). */
  dispose(): void {
    this.disposed = true;
    const generation = this.generation;
    this.generation = null;
    generation?.speaker.stop();
    generation?.buffer.cancel();
    generation?.controller.abort();
    this.closeMicrophone();
  }

  get busy(): boolean {
    return this.phase === 'thinking' || this.phase === 'answering';
  }

  /** Signed in and a recognition service exists; otherwise says why (or asks to log in). */
  private mayListen(): boolean {
    if (!this.deps.isSignedIn()) {
      this.deps.askLogin();
      return false;
    }
    if (this.transcription === false) {
      this.error = t('voiceChat.noRecognition');
      return false;
    }
    return true;
  }

  /** Where the conversation rests between turns: listening (hands-free) or waiting for the button. */
  private restingPhase(): VoicePhase {
    if (!this.microphone) return this.phase === 'paused' ? 'paused' : 'idle';
    return this.mode === 'handsFree' ? 'listening' : 'ready';
  }

  private async openMicrophone(): Promise<MicrophoneLike | null> {
    if (this.microphone) return this.microphone;
    this.opening ??= this.deps
      .openMicrophone({
        onSpeechStart: () => this.speechStarted(),
        onUtterance: (utterance) => void this.utteranceEnded(utterance),
        onLevel: (db, speaking) => runInAction(() => ((this.level = db), this.mode === 'handsFree' && (this.hearing = speaking))),
        onEnded: () => runInAction(() => this.microphoneLost()),
      })
      .then(
        (microphone) => {
          if (this.disposed) {
            microphone.close();
            return null;
          }
          runInAction(() => (this.microphone = microphone));
          return microphone;
        },
        (error: unknown) => {
          runInAction(() => {
            this.error = microphoneErrorText(error);
            this.holding = false;
            this.hearing = false;
            this.phase = this.phase === 'listening' ? 'idle' : this.phase;
          });
          return null;
        },
      )
      .finally(() => (this.opening = null));
    return this.opening;
  }

  private closeMicrophone(): void {
    this.microphone?.close();
    this.microphone = null;
    this.holding = false;
    this.hearing = false;
    this.level = -100;
  }

  private microphoneLost(): void {
    this.closeMicrophone();
    this.error = t('voiceChat.micLost');
    if (!this.busy) this.phase = 'paused';
  }

  /** Hands-free: someone speaks. While an answer plays or streams that is an interruption; while recognising it waits. */
  private speechStarted(): boolean {
    if (this.mode !== 'handsFree' || this.phase === 'recognizing' || this.phase === 'paused') return false;
    runInAction(() => {
      this.interrupt();
      this.error = null;
      this.phase = 'listening';
    });
    return true;
  }

  private async utteranceEnded(utterance: Utterance): Promise<void> {
    if (this.mode === 'hold') {
      // the recording limit was reached while the button was held
      this.holding = false;
      this.hearing = false;
    }
    await this.recognize(utterance);
  }

  private async recognize(utterance: Utterance): Promise<void> {
    this.phase = 'recognizing';
    let text: string;
    try {
      text = (await this.deps.transcribe(utterance.audio)).trim();
    } catch (error) {
      runInAction(() => {
        this.error = error instanceof ApiError && error.kind === 'business' ? error.message : t('voiceChat.recognizeFailed', { error: messageOf(error) });
        if (this.phase === 'recognizing') this.phase = this.restingPhase();
      });
      return;
    }
    if (this.disposed) return;
    if (!text) {
      runInAction(() => {
        this.error = t('voiceChat.nothingHeard');
        if (this.phase === 'recognizing') this.phase = this.restingPhase();
      });
      return;
    }
    if (this.phase !== 'recognizing') return;
    await this.ask(text);
  }

  /** Sends `question` after the conversation's last answer, streams the answer and speaks it. */
  private async ask(question: string): Promise<void> {
    await this.reconciling;
    if (this.disposed) return;
    const turn: VoiceTurn = { id: this.nextTurn++, question, answer: '', status: 'waiting', offlineDemo: false };
    const generation: Generation = runInAction(() => {
      this.error = null;
      this.turns = [...this.turns, turn];
      this.phase = 'thinking';
      const created: Generation = {
        controller: new AbortController(),
        turn: turn.id,
        answerId: null,
        completed: false,
        splitter: new SentenceSplitter(),
        buffer: new StreamBuffer(this.deps.renderEveryMs ?? 100, (pieces) => this.appendAnswer(turn.id, pieces.text)),
        interrupted: false,
        streamDone: false,
        speechDone: false,
        speaker: this.deps.speaker({
          onSentence: (_, text) =>
            runInAction(() => {
              this.microphone?.suppress(PLAYBACK_DEAF_MS);
              if (this.generation === created) this.speaking = text;
            }),
        }),
      };
      this.generation = created;
      return created;
    });
    void generation.speaker.done.then((end) => this.spoken(generation, end));

    const { systemPrompt, recentChatLen } = this.deps.settings();
    const body = buildStreamBody({
      recentChatLen,
      model: this.model,
      search: false,
      convGroupId: this.convGroupId,
      parentConvId: this.parentConvId,
      request: question,
      useContext: true,
      modelName: this.model,
      systemPrompt,
      useHong: false,
      knowledgeId: null,
      intelligentCode: null,
      uploadedFiles: [],
      mcps: [],
    });
    const current = () => this.generation === generation;
    const outcome = await this.deps.send(
      body,
      {
        onIds: (ids) =>
          runInAction(() => {
            if (ids.convGroupId) this.convGroupId = ids.convGroupId;
            if (ids.convId) generation.answerId = ids.convId;
          }),
        onOfflineDemo: () => this.updateTurn(turn.id, { offlineDemo: true }),
        onDelta: (content) => {
          if (!current() || isProgressLine(content)) return;
          if (this.phase === 'thinking') runInAction(() => (this.phase = 'answering'));
          generation.buffer.add('text', content);
          for (const sentence of generation.splitter.push(content)) generation.speaker.add(sentence);
        },
        onAnswerComplete: (answer) =>
          runInAction(() => {
            generation.completed = true;
            if (answer.convGroupId) this.convGroupId = answer.convGroupId;
            if (answer.convId) this.parentConvId = answer.convId;
            generation.buffer.flush();
            this.updateTurn(turn.id, { status: 'done' });
            if (!generation.interrupted) this.endSpeech(generation);
          }),
      },
      generation.controller.signal,
    );
    runInAction(() => this.streamEnded(generation, outcome));
  }

  private streamEnded(generation: Generation, outcome: StreamOutcome): void {
    generation.buffer.flush();
    if (generation.completed || generation.streamDone) return;
    // The answer did not complete (stopped, failed): where the conversation now ends is read from the server.
    const convGroupId = this.convGroupId;
    if (convGroupId) {
      this.reconciling = this.deps.branchEnd(convGroupId).then(
        (end) =>
          runInAction(() => {
            this.parentConvId = end;
          }),
        () => undefined,
      );
    }
    if (generation.interrupted) return;
    this.updateTurn(generation.turn, { status: outcome.status === 'done' ? 'done' : 'failed' });
    if (outcome.status === 'done') {
      this.endSpeech(generation);
      return;
    }
    this.error =
      outcome.status === 'cancelled' && outcome.code === STREAM_CODES.insufficientCredits
        ? t('voiceChat.noPoints')
        : outcome.status === 'cancelled' && outcome.code === STREAM_CODES.unauthorized
          ? t('voiceChat.sessionEnded')
          : t('voiceChat.answerFailed', { error: outcome.status === 'aborted' ? '' : outcome.message });
    // what arrived is still spoken
    this.endSpeech(generation);
  }

  /** The answer's text is all there: the rest of it is spoken, then the conversation listens again. */
  private endSpeech(generation: Generation): void {
    generation.streamDone = true;
    for (const sentence of generation.splitter.end()) generation.speaker.add(sentence);
    generation.speaker.end();
    this.settle(generation);
  }

  private spoken(generation: Generation, end: Awaited<SentenceSpeaker['done']>): void {
    generation.speechDone = true;
    if (this.generation !== generation) return;
    // after a failure the text goes on streaming, silently
    if (end.kind === 'failed') this.error = t('voiceChat.speechFailed', { error: messageOf(end.error) });
    this.settle(generation);
  }

  /** Text and speech both ended: the conversation listens again (hands-free) or waits for the button. */
  private settle(generation: Generation): void {
    if (!generation.streamDone || !generation.speechDone || this.generation !== generation) return;
    this.generation = null;
    this.speaking = null;
    if (this.phase === 'thinking' || this.phase === 'answering') this.phase = this.restingPhase();
  }

  private appendAnswer(turnId: number, text: string): void {
    this.turns = this.turns.map((turn) => (turn.id === turnId ? { ...turn, answer: turn.answer + text, status: turn.status === 'waiting' ? 'streaming' : turn.status } : turn));
  }

  private updateTurn(turnId: number, change: Partial<VoiceTurn>): void {
    this.turns = this.turns.map((turn) => (turn.id === turnId ? { ...turn, ...change } : turn));
  }
}
