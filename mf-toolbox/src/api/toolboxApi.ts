import { createContext, useContext } from 'react';
import { agentsApi, chat, dataOf, knowledgeApi, request, type KnowledgeApi } from '@qiming/sdk';
import type { AgentApp, AgentInput, AgentPage, KnowledgeBase, ModelCatalogue, MyAgentListRequest, StopResult, UploadResult } from '@qiming/sdk/contracts';

/**
 * Everything the toolbox's agent pages call: the SDK's agents client, plus the upload, model
 * catalogue and chat calls the editor and its preview use. Pages read it from context so tests can
 * hand in a fake.
 */
export interface ToolboxApi {
  categories: typeof agentsApi.categories;
  publicAgents: typeof agentsApi.publicAgents;
  publicPlugins: typeof agentsApi.publicPlugins;
  mine: typeof agentsApi.mine;
  favourites: typeof agentsApi.favourites;
  favourite: typeof agentsApi.favourite;
  unfavourite: typeof agentsApi.unfavourite;
  remove: typeof agentsApi.remove;
  /** createApp without the SDK's error toast: the editor shows the server's message beside the form. */
  create(input: AgentInput): Promise<AgentApp>;
  update(id: string, input: AgentInput): Promise<AgentApp>;
  /** The chat uploads endpoint (the agents server accepts only images uploaded through it as icons). */
  uploadImage(file: File): Promise<UploadResult>;
  models(): Promise<ModelCatalogue>;
  send: typeof chat.send;
  stop(chatId: string): Promise<StopResult>;
  /** Deletes a conversation quietly (the preview's throwaway conversation). */
  removeConversation(convGroupId: string): Promise<void>;
  /** The SDK's knowledge client; create and update are quiet (the form shows the server's refusal). */
  knowledge: KnowledgeApi;
}

export const toolboxApi: ToolboxApi = {
  categories: agentsApi.categories,
  publicAgents: agentsApi.publicAgents,
  publicPlugins: agentsApi.publicPlugins,
  mine: agentsApi.mine,
  favourites: agentsApi.favourites,
  favourite: agentsApi.favourite,
  unfavourite: agentsApi.unfavourite,
  remove: agentsApi.remove,
  create: (input) => dataOf(request.post<AgentApp>('backend-api/createApp', input, { silent: true })),
  update: (id, input) => dataOf(request.post<AgentApp>('backend-api/updateApp', { ...input, id }, { silent: true })),
  uploadImage: (file) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return dataOf(request.upload<UploadResult>('backend-api/uploadChatKnowledge2', form));
  },
  models: () => chat.models(),
  send: (body, handlers, options) => chat.send(body, handlers, options),
  stop: (chatId) => chat.stop(chatId),
  removeConversation: async (convGroupId) => {
    await request.get('backend-api/deleteConvGroup', { convGroupId }, { silent: true });
  },
  knowledge: {
    ...knowledgeApi,
    create: (input) => dataOf(request.post<KnowledgeBase>('backend-api/createKnowledge', input, { silent: true })),
    update: (id, input) => dataOf(request.post<KnowledgeBase>('backend-api/updateKnowledge', { ...input, id }, { silent: true })),
  },
};

const ToolboxApiContext = createContext<ToolboxApi>(toolboxApi);
export const ToolboxApiProvider = ToolboxApiContext.Provider;
export const useToolboxApi = () => useContext(ToolboxApiContext);

/** Every own agent (at most AGENT_LIMITS.perUser), page by page until `id` is found. */
export async function findMine(api: Pick<ToolboxApi, 'mine'>, id: string, pageSize: number): Promise<AgentApp | null> {
  for (let pageNo = 1; ; pageNo++) {
    const page: AgentPage = await api.mine({ pageNo, pageSize } satisfies MyAgentListRequest);
    const found = page.list.find((app) => app.id === id);
    if (found) return found;
    if (page.list.length === 0 || pageNo * pageSize >= page.total) return null;
  }
}
