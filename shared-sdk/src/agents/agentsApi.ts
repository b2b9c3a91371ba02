import type {
  AgentApp,
  AgentCategory,
  AgentInput,
  AgentListRequest,
  AgentPage,
  FavouriteApp,
  FavouriteAppInput,
  FavouriteAppPage,
  MyAgentListRequest,
  PageRequest,
} from '@qiming/contracts';
import { dataOf } from '../request/dataOf';
import { request } from '../sdk';

/**
 * The agent calls of spec chat §7 (shapes and rules in @qiming/contracts agents.ts), shared by the
 * toolbox area (square, my agents, creation) and the chat area (g- routes, @ picker, drawers).
 */
export const agentsApi = {
  /** `silent`: no error toast (a caller that says itself what a missing agent means). */
  byCode: (code: string, { silent = false }: { silent?: boolean } = {}) => dataOf(request.get<AgentApp>('backend-api/getAppByCode', { gptsId: code }, { silent })),
  categories: () => dataOf(request.get<AgentCategory[]>('backend-api/getAppByType')),
  builtIn: (page: PageRequest) => dataOf(request.post<AgentPage>('backend-api/appPage', page)),
  mine: (query: MyAgentListRequest) => dataOf(request.post<AgentPage>('backend-api/getMyApp', query)),
  publicAgents: (query: AgentListRequest) => dataOf(request.post<AgentPage>('backend-api/getPublicApp', query)),
  publicPlugins: (query: AgentListRequest) => dataOf(request.post<AgentPage>('backend-api/getPubFuncCallApp', query)),
  favourites: (page: PageRequest) => dataOf(request.post<FavouriteAppPage>('backend-api/favAppPage', page)),
  create: (input: AgentInput) => dataOf(request.post<AgentApp>('backend-api/createApp', input)),
  update: (id: string, input: AgentInput) => dataOf(request.post<AgentApp>('backend-api/updateApp', { ...input, id })),
  remove: async (id: string) => {
    await dataOf(request.post<null>('backend-api/deleteApp', { id }));
  },
  favourite: (input: FavouriteAppInput) => dataOf(request.post<FavouriteApp>('backend-api/addOrUpdateFavApp', input)),
  unfavourite: async (code: string) => {
    await dataOf(request.post<null>('backend-api/delFavApp', { code }));
  },
};

export type AgentsApi = typeof agentsApi;
