import { makeAutoObservable, runInAction } from 'mobx';
import { buildStreamBody } from '@qiming/sdk';
import type { ToolboxApi } from '../api/toolboxApi';

/**
 * The model the preview answers with: the cheapest text model (3 积分/条 in the catalogue), which the
 * offline channel also serves. The saved agent answers with its own model in the chat.
 */
export const PREVIEW_MODEL = 'glm-4-flash';
/** Memory rounds of the preview (the chat's maximum, spec chat §9). */
const PREVIEW_MEMORY = 8;

export interface PreviewMessage {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  /** The answer failed; `text` says why. */
  failed?: boolean;
}

/** What the session writes into the conversation itself (from the area's i18n). */
export interface PreviewTexts {
  failed(message: string): string;
  stopped: string;
}

type Deps = Pick<ToolboxApi, 'send' | 'stop' | 'removeConversation'>;

/**
 * A throwaway conversation with the draft's unsaved prompt. getStream always writes the turn into
 * the user's history, so the session deletes its conversation when it is reset or the editor closes
 * (a preview flag on getStream would be the server-side fix: see the area README).
 */
export class PreviewSession {
  messages: PreviewMessage[] = [];
  streaming = false;
  private nextId = 1;
  private convGroupId: string | null = null;
  /** The last answer's node: the next message continues after it. */
  private parentConvId: string | null = null;
  private running: { controller: AbortController; convId: string | null } | null = null;

  constructor(private readonly deps: Deps) {
    makeAutoObservable<this, 'deps' | 'nextId' | 'convGroupId' | 'parentConvId' | 'running'>(this, { deps: false, nextId: false, convGroupId: false, parentConvId: false, running: false });
  }

  async send(text: string, systemPrompt: string, texts: PreviewTexts): Promise<void> {
    const request = text.trim();
    if (!request || this.streaming) return;
    this.messages.push({ id: this.nextId++, role: 'user', text: request });
    this.messages.push({ id: this.nextId++, role: 'assistant', text: '' });
    // The observable copy in the list, so each delta re-renders the answer.
    const reply = this.messages[this.messages.length - 1]!;
    this.streaming = true;
    const running = { controller: new AbortController(), convId: null as string | null };
    this.running = running;
    const body = buildStreamBody({
      recentChatLen: PREVIEW_MEMORY,
      model: PREVIEW_MODEL,
      search: false,
      convGroupId: this.convGroupId,
      parentConvId: this.parentConvId,
      request,
      useContext: true,
      modelName: PREVIEW_MODEL,
      systemPrompt,
      useHong: false,
      knowledgeId: null,
      intelligentCode: null,
      uploadedFiles: [],
    });
    const outcome = await this.deps.send(
      body,
      {
        onDelta: (content) => runInAction(() => (reply.text += content)),
        onIds: (ids) => {
          if (ids.convGroupId) this.convGroupId = ids.convGroupId;
          if (ids.convId) running.convId = ids.convId;
        },
      },
      { signal: running.controller.signal },
    );
    runInAction(() => {
      if (this.running === running) {
        this.running = null;
        this.streaming = false;
      }
      if (outcome.status === 'done' || outcome.status === 'aborted') this.parentConvId = running.convId ?? this.parentConvId;
      if (outcome.status === 'aborted' && !reply.text) reply.text = texts.stopped;
      if (outcome.status === 'cancelled' || outcome.status === 'error') {
        reply.failed = true;
        reply.text = texts.failed(outcome.message);
      }
    });
  }

  /** Stops a running answer (the partial text stays). */
  async stopAnswer(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.controller.abort();
    if (running.convId) await this.deps.stop(running.convId).catch(() => undefined);
  }

  /** Ends the conversation: stops what runs and deletes it from the history. */
  async discard(): Promise<void> {
    await this.stopAnswer();
    const group = this.convGroupId;
    runInAction(() => {
      this.messages = [];
      this.streaming = false;
      this.running = null;
    });
    this.convGroupId = null;
    this.parentConvId = null;
    if (group) await this.deps.removeConversation(group).catch(() => undefined);
  }
}
