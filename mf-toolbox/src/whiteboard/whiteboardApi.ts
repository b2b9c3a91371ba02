import { createContext, useContext } from 'react';
import { dataOf, request } from '@qiming/sdk';
import type { CreateWhiteboardRequest, Whiteboard, WhiteboardScene, WhiteboardSummary } from '@qiming/sdk/contracts';

/** The whiteboard calls (contracts/src/whiteboards.ts). Saves are quiet: the editor shows their state itself. */
export interface WhiteboardApi {
  list(): Promise<WhiteboardSummary[]>;
  get(id: string): Promise<Whiteboard>;
  create(input: CreateWhiteboardRequest): Promise<Whiteboard>;
  save(id: string, version: number, scene: WhiteboardScene): Promise<WhiteboardSummary>;
  rename(id: string, title: string): Promise<WhiteboardSummary>;
  remove(id: string): Promise<void>;
}

export const whiteboardApi: WhiteboardApi = {
  list: () => dataOf(request.post<WhiteboardSummary[]>('whiteboard/list', {}, { silent: true })),
  get: (id) => dataOf(request.post<Whiteboard>('whiteboard/get', { id }, { silent: true })),
  create: (input) => dataOf(request.post<Whiteboard>('whiteboard/create', input)),
  save: (id, version, scene) => dataOf(request.post<WhiteboardSummary>('whiteboard/save', { id, version, scene }, { silent: true })),
  rename: (id, title) => dataOf(request.post<WhiteboardSummary>('whiteboard/rename', { id, title })),
  remove: async (id) => {
    await dataOf(request.post<null>('whiteboard/delete', { id }));
  },
};

const WhiteboardApiContext = createContext<WhiteboardApi>(whiteboardApi);
export const WhiteboardApiProvider = WhiteboardApiContext.Provider;
export const useWhiteboardApi = () => useContext(WhiteboardApiContext);
