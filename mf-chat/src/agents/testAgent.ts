import type { AgentApp } from '@qiming/sdk/contracts';

/** An agent as the server sends it, for tests; `extra` overrides fields. */
export function testAgent(extra: Partial<AgentApp> = {}): AgentApp {
  return {
    id: '1',
    code: 'gpt-4-gizmo-g-writer',
    mannulModel: null,
    appName: '写作助手',
    description: '帮你把想法写成文章',
    appUrl: '/icons/writer.svg',
    assistantUrl: null,
    question1: '写一段开场白',
    question2: '润色这段话',
    question3: '',
    question4: '起个标题',
    systemPrompt: null,
    hongScene: null,
    imageUrlYour: null,
    imageUrlParteners: null,
    isCustom: 0,
    isPublic: 1,
    colled: 0,
    kind1: 'writing',
    mcps: [],
    author: '启明 AI',
    uses: 12,
    mine: false,
    createTime: '2030-01-01T00:00:00.000Z',
    updateTime: '2030-01-01T00:00:00.000Z',
    ...extra,
  };
}
