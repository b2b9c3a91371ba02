import { isAgentCode, type StreamRequestBody } from '@qiming/contracts';
import type { ContextContributor } from '../chat/context.js';
import { findHongScene, rolePlaySystemText } from '../roleplay/index.js';
import { agentNotFound } from './codes.js';
import type { AgentsService, UsableAgent } from './service.js';

/**
 * The agent a message speaks to: its `model` when that is an agent code (the agent's model answers,
 * billed at the agent price), else an agent code in `intelligentCode` (the @ picker: the agent's
 * instructions with the model the user chose). Never a 哄哄模拟器 scene code (`useHong`).
 */
export function agentCodeOf(body: StreamRequestBody): string | null {
  if (isAgentCode(body.model)) return body.model;
  return !body.useHong && body.intelligentCode && isAgentCode(body.intelligentCode) ? body.intelligentCode : null;
}

/** The agent's instructions: a role-play agent plays its scene (the roleplay module's text) with its own prompt after it. */
export function agentSystemText(agent: UsableAgent): string {
  const scene = agent.hongScene ? findHongScene(agent.hongScene) : undefined;
  return [scene ? rolePlaySystemText(scene) : '', agent.systemPrompt].filter(Boolean).join('\n\n');
}

/**
 * The chat's agent contributor: refuses an agent the user may not use (2401) before anything is
 * written, routes the answer to the agent's model, replaces the system prompt with the agent's
 * (the user's own is not sent: README "The user's system prompt"), and counts a new conversation.
 */
export function agentContributor(agents: Pick<AgentsService, 'usable' | 'countUse'>): ContextContributor {
  // check and contribute see the same request body: one read of the agent per message.
  const seen = new WeakMap<StreamRequestBody, UsableAgent>();
  const agentFor = async (userId: string, body: StreamRequestBody): Promise<UsableAgent | null> => {
    const code = agentCodeOf(body);
    if (!code) return null;
    const agent = seen.get(body) ?? (await agents.usable(code, userId));
    if (!agent) throw agentNotFound();
    seen.set(body, agent);
    return agent;
  };
  return {
    name: 'agents',
    async check({ userId, body }) {
      const agent = await agentFor(userId, body);
      if (!agent || agent.code !== body.model) return;
      return { answeredBy: agent.answeredBy, name: agent.name, icon: agent.icon };
    },
    async contribute({ userId, body }) {
      const agent = await agentFor(userId, body);
      return agent && { baseSystem: agentSystemText(agent), persona: { name: agent.name, starterQuestions: agent.starterQuestions }, extensions: agent.extensions };
    },
    async started({ body }, { newConversation }) {
      const code = agentCodeOf(body);
      if (code && newConversation) await agents.countUse(code);
    },
  };
}
