import { AGENT_CODES, agentsApi, ApiError, isAgentCode, toasts } from '@qiming/sdk';
import type { AgentApp } from '@qiming/sdk/contracts';
import { t } from '../i18n';

/**
 * getAppByCode without the request client's error toast: the chat says itself what a missing agent
 * means, and history icons of deleted agents say nothing.
 */
export const agentByCode = (code: string) => agentsApi.byCode(code, { silent: true });

/** What opening an agent changes on the chat page (the chat store). */
export interface AgentTarget {
  selectAgent(app: AgentApp): void;
  agentMissing(code: string): void;
}

/**
 * Opens the agent `code` names (/chatPage/g-<code>, ?model=<agent code>, a history item): found, it
 * becomes the current model (with 已切换为…模型 when `announce`); unknown or hidden (2401), the page
 * says so and keeps the default model; any other failure is a load error. True when opened.
 */
export async function openAgent(code: string, target: AgentTarget, announce: boolean): Promise<boolean> {
  // Every agent code starts gpt-4-gizmo-g-: anything else names no agent, without asking the server.
  if (!isAgentCode(code)) {
    target.agentMissing(code);
    return false;
  }
  let app: AgentApp;
  try {
    app = await agentByCode(code);
  } catch (error) {
    if (error instanceof ApiError && error.code === AGENT_CODES.notFound) target.agentMissing(code);
    else toasts.error(t('agents.loadFailed'));
    return false;
  }
  target.selectAgent(app);
  if (announce) toasts.success(t('chat.modelSwitched', { model: app.appName }));
  return true;
}
