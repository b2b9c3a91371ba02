import { dataOf, points, request } from '@qiming/sdk';
import type {
  ActionRequest,
  BlendRequest,
  DescribeRequest,
  ImageFunctions,
  ImagineRequest,
  ImageTask,
  Img2ImgRequest,
  Page,
  PriceQuote,
  ReferenceImage,
  SharedImage,
  SwapFaceRequest,
  TaskHistoryRequest,
  Txt2ImgRequest,
} from '@qiming/sdk/contracts';

/**
 * The calls of the drawing contract (contracts/src/images.ts) the painter makes, plus the points
 * quote it shows before submitting. The painter's store holds one of these, so tests hand in a fake.
 */
export interface PainterApi {
  functions(): Promise<ImageFunctions>;
  txt2img(input: Txt2ImgRequest): Promise<ImageTask>;
  img2img(input: Img2ImgRequest): Promise<ImageTask>;
  imagine(input: ImagineRequest): Promise<ImageTask>;
  action(input: ActionRequest): Promise<ImageTask>;
  blend(input: BlendRequest): Promise<ImageTask>;
  describe(input: DescribeRequest): Promise<ImageTask>;
  swapFace(input: SwapFaceRequest): Promise<ImageTask>;
  history(input: TaskHistoryRequest): Promise<Page<ImageTask>>;
  /** One task by id, through the call of its family (sd/getImgByReqId or backend-api/getMjTaskInfo). */
  task(id: string, midjourney: boolean): Promise<ImageTask>;
  remove(id: string): Promise<void>;
  uploadReference(file: File): Promise<ReferenceImage>;
  share(imageId: string, share: boolean): Promise<SharedImage | null>;
  /** Quiet: a refused quote is shown beside the button, not as a toast. */
  quote(model: string): Promise<PriceQuote>;
  /** The navbar's balance after a hold or a settlement. */
  refreshPoints(): Promise<void>;
}

export const painterApi: PainterApi = {
  functions: () => dataOf(request.get<ImageFunctions>('sd/getFunctions')),
  txt2img: (input) => dataOf(request.post<ImageTask>('sd/txt2img', input)),
  img2img: (input) => dataOf(request.post<ImageTask>('sd/img2img', input)),
  imagine: (input) => dataOf(request.post<ImageTask>('backend-api/mjPainter', input)),
  action: (input) => dataOf(request.post<ImageTask>('backend-api/mjAction', input)),
  blend: (input) => dataOf(request.post<ImageTask>('backend-api/mjBlend', input)),
  describe: (input) => dataOf(request.post<ImageTask>('backend-api/mjDescribe', input)),
  swapFace: (input) => dataOf(request.post<ImageTask>('backend-api/swapFace', input)),
  history: (input) => dataOf(request.post<Page<ImageTask>>('sd/queryTaskHistory', input)),
  // Polling is quiet: a failed poll is retried on the next tick instead of toasting every 2 s.
  task: (id, midjourney) =>
    midjourney
      ? dataOf(request.get<ImageTask>('backend-api/getMjTaskInfo', { taskId: id }, { silent: true }))
      : dataOf(request.get<ImageTask>('sd/getImgByReqId', { reqId: id }, { silent: true })),
  remove: async (id) => {
    await dataOf(request.get<null>('sd/deleteTaskById', { id }));
  },
  uploadReference: (file) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return dataOf(request.upload<ReferenceImage>('sd/uploadImg', form));
  },
  share: (imageId, share) => dataOf(request.post<SharedImage | null>('sdImg/share', { imageId, share })),
  quote: (model) => dataOf(request.post<PriceQuote>('points/quote', { model }, { silent: true })),
  refreshPoints: () => points.refresh(),
};
