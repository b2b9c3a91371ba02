// The benchmark's user and long conversations, made in-process through the server's own services
// (the same code the chat gateway records turns with), before the server process starts.
import type { App } from '../../server/src/app.ts';
import { register, uniquePhone } from '../../server/src/testing/accounts.ts';
import { seedAnswer, seedQuestion } from './documents.ts';

export interface BenchUser {
  id: string;
  accessToken: string;
  refreshToken: string;
}

/** A phone-registered user with enough points for every stream of the run. */
export async function createBenchUser(app: App): Promise<BenchUser> {
  const session = await register(app.server, { phone: uniquePhone() });
  const id = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()).sub as string;
  await app.points.credit(id, 'permanent', 10_000_000, { kind: 'redeem', reference: 'bench', key: `bench-render:${id}` });
  return { id, accessToken: session.accessToken, refreshToken: session.refreshToken };
}

export interface SeededConversation {
  id: string;
  title: string;
  messages: number;
  /** The last answer's turn (its closing sentence is what the page waits for). */
  lastTurn: number;
}

/**
 * A conversation of `messages` alternating questions and answers, each turn recorded the way the
 * gateway records one (startTurn, then finishAnswer with the answer's text), then titled.
 */
export async function seedConversation(app: App, userId: string, messages: number, model: string): Promise<SeededConversation> {
  const turns = messages / 2;
  let groupId: string | null = null;
  let parent: string | null = null;
  for (let turn = 1; turn <= turns; turn++) {
    const started = await app.conversations.startTurn(userId, {
      convGroupId: groupId,
      parentConvId: parent,
      request: seedQuestion(turn),
      model,
      modelName: model,
      gptsId: null,
      knowledgeId: null,
      knowledgeName: null,
      icon: null,
    });
    groupId = started.group.convGroupId;
    parent = started.assistantNodeId;
    await app.conversations.finishAnswer(parent, { content: seedAnswer(turn), status: 'done', followUps: [] });
  }
  const title = `基准长对话（${messages} 条消息）`;
  await app.conversations.changeTitle(userId, groupId!, title);
  return { id: groupId!, title, messages, lastTurn: turns };
}
