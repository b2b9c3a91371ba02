import { dataOf, points, request } from '@qiming/sdk';
import type { CreateVideoRequest, Page, PriceQuote, ReferenceImage, VideoCall, VideoModels, VideoTask } from '@qiming/sdk/contracts';

/**
 * The calls of the video contract (contracts/src/video.ts) the page makes, plus the first-frame
 * upload (the drawing area's sd/uploadImg) and the points quote. The page's store holds one of
 * these, so tests hand in a fake.
 */
export interface VideoApi {
  models(): Promise<VideoModels>;
  /** video/createTask or video/createSoraTask, as the model's `api` says. */
  create(call: VideoCall, input: CreateVideoRequest): Promise<VideoTask>;
  page(pageNo: number, pageSize: number): Promise<Page<VideoTask>>;
  /** Quiet: the page polls; a failed poll is tried again on the next tick. */
  status(taskId: string): Promise<VideoTask>;
  remove(taskId: string): Promise<void>;
  uploadFirstFrame(file: File): Promise<ReferenceImage>;
  /** Quiet: a refused quote is shown beside the button, not as a toast. */
  quote(model: string): Promise<PriceQuote>;
  refreshPoints(): Promise<void>;
}

export const videoApi: VideoApi = {
  models: () => dataOf(request.get<VideoModels>('video/getModels')),
  create: (call, input) => dataOf(request.post<VideoTask>(`video/${call}`, input)),
  page: (pageNo, pageSize) => dataOf(request.post<Page<VideoTask>>('video/queryTaskPage', { pageNo, pageSize })),
  status: (taskId) => dataOf(request.post<VideoTask>('video/queryTaskStatus', { taskId }, { silent: true })),
  remove: async (taskId) => {
    await dataOf(request.post<null>('video/deleteByTaskId', { taskId }));
  },
  uploadFirstFrame: (file) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return dataOf(request.upload<ReferenceImage>('sd/uploadImg', form));
  },
  quote: (model) => dataOf(request.post<PriceQuote>('points/quote', { model }, { silent: true })),
  refreshPoints: () => points.refresh(),
};
