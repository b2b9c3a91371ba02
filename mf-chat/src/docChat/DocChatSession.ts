import { makeAutoObservable, runInAction } from 'mobx';
import { buildStreamBody } from '@qiming/sdk';
import type { ConversationBranch, Reference } from '@qiming/sdk/contracts';
import type { DocChatApi } from './docChatApi';

/**
 * The model a document chat answers with: the catalogue's cheapest text model (3 积分/条), which
 * the offline channel (离线演示) also serves; the answer is charged like any chat.
 */
export const DOC_CHAT_MODEL = 'glm-4-flash';
const MEMORY_ROUNDS = 4;

export interface DocChatMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  references: Reference[];
  failed?: boolean;
  offlineDemo?: boolean;
}

export interface DocChatTexts {
  failed(message: string): string;
  stopped: string;
}

type Deps = Pick<DocChatApi, 'send' | 'stop' | 'branch'>;

/** The messages of a saved conversation's shown branch. */
export function messagesOf(branch: ConversationBranch): DocChatMessage[] {
  return branch.messages.flatMap(({ node }) =>
    node.chatContent.map((content, index) => ({
      id: `${node.convId}:${index}`,
      role: content.role,
      text: content.content,
      references: content.references ?? [],
      failed: node.status === 'failed',
      offlineDemo: node.offlineDemo,
    })),
  );
}

/**
 * One conversation with a document: getStream with the document's index as `knowledgeId`, so the
 * answer is saved in the history and charged like any chat, and its references carry pages. A
 * saved conversation is reopened from its branch and continued after its last answer.
 */
export class DocChatSession {
  messages: DocChatMessage[] = [];
  streaming = false;
  loading = false;
  convGroupId: string | null = null;
  private parentConvId: string | null = null;
  private nextId = 1;
  private running: { controller: AbortController; convId: string | null } | null = null;

  constructor(
    private readonly deps: Deps,
    readonly knowledgeId: string,
  ) {
    makeAutoObservable<this, 'deps' | 'parentConvId' | 'nextId' | 'running'>(this, { deps: false, knowledgeId: false, parentConvId: false, nextId: false, running: false });
  }

  /** Opens a saved conversation of this document. */
  async open(convGroupId: string): Promise<void> {
    this.loading = true;
    try {
      const branch = await this.deps.branch(convGroupId);
      runInAction(() => {
        this.messages = messagesOf(branch);
        this.convGroupId = convGroupId;
        this.parentConvId = branch.messages.at(-1)?.node.convId ?? null;
      });
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  async send(text: string, texts: DocChatTexts): Promise<void> {
    const request = text.trim();
    if (!request || this.streaming) return;
    this.messages.push({ id: `new-${this.nextId++}`, role: 'user', text: request, references: [] });
    this.messages.push({ id: `new-${this.nextId++}`, role: 'assistant', text: '', references: [] });
    const reply = this.messages[this.messages.length - 1]!;
    this.streaming = true;
    const running = { controller: new AbortController(), convId: null as string | null };
    this.running = running;
    const body = buildStreamBody({
      recentChatLen: MEMORY_ROUNDS,
      model: DOC_CHAT_MODEL,
      search: false,
      convGroupId: this.convGroupId,
      parentConvId: this.parentConvId,
      request,
      useContext: true,
      modelName: DOC_CHAT_MODEL,
      useHong: false,
      knowledgeId: this.knowledgeId,
      intelligentCode: null,
      uploadedFiles: [],
    });
    const outcome = await this.deps.send(
      body,
      {
        onDelta: (content) => runInAction(() => (reply.text += content)),
        onReferences: (references) => runInAction(() => reply.references.push(...references)),
        onOfflineDemo: () => runInAction(() => (reply.offlineDemo = true)),
        onIds: (ids) =>
          runInAction(() => {
            if (ids.convGroupId) this.convGroupId = ids.convGroupId;
            if (ids.convId) running.convId = ids.convId;
          }),
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

  /** Stops the answer being written (the partial text stays, saved and charged per the points policy). */
  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.controller.abort();
    if (running.convId) await this.deps.stop(running.convId).catch(() => undefined);
  }
}
