import { createContext, useContext } from 'react';
import { dataOf, request } from '@qiming/sdk';
import type { DeckSummary, ImageTask, Page, VideoTask, VoiceClone, WhiteboardSummary } from '@qiming/sdk/contracts';

/** How many of the newest of each kind the page shows (the most video/queryTaskPage gives in one page). */
export const WORKS_PER_KIND = 50;

/**
 * The list call of each area that makes things (their contracts in contracts/src): called side by
 * side from the page, each failure its own. Quiet: the page shows a failed section itself.
 */
export interface WorksApi {
  images(): Promise<ImageTask[]>;
  videos(): Promise<VideoTask[]>;
  decks(): Promise<DeckSummary[]>;
  voices(): Promise<VoiceClone[]>;
  boards(): Promise<WhiteboardSummary[]>;
}

const firstPage = async <T>(path: string) => (await dataOf(request.post<Page<T>>(path, { pageNo: 1, pageSize: WORKS_PER_KIND }, { silent: true }))).list;

export const worksApi: WorksApi = {
  images: () => firstPage<ImageTask>('sd/queryTaskHistory'),
  videos: () => firstPage<VideoTask>('video/queryTaskPage'),
  decks: () => firstPage<DeckSummary>('ppt/list'),
  voices: () => dataOf(request.get<VoiceClone[]>('tts/voices', undefined, { silent: true })),
  boards: () => dataOf(request.post<WhiteboardSummary[]>('whiteboard/list', {}, { silent: true })),
};

const WorksApiContext = createContext<WorksApi>(worksApi);
export const WorksApiProvider = WorksApiContext.Provider;
export const useWorksApi = () => useContext(WorksApiContext);
