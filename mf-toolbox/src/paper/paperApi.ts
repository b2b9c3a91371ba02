import { dataOf, points, request } from '@qiming/sdk';
import type { Page, PaperCheck, PaperCheckFunctions, PaperCheckSummary, PaperDetector, PaperDocument, PriceQuote } from '@qiming/sdk/contracts';

/** The calls of the paper check contract (contracts/src/paperCheck.ts) and the price quote. The store holds one, so tests hand in a fake. */
export interface PaperApi {
  functions(): Promise<PaperCheckFunctions>;
  /** aigc/uploadDoc: the paper read to text. */
  upload(file: File, onProgress?: (percent: number) => void): Promise<PaperDocument>;
  /** aigc/check (标准) or aigc/checkV2 (新版): a check queued, its price held. */
  start(documentId: string, detector: PaperDetector): Promise<PaperCheck>;
  /** aigc/result: the check as it is now (quiet: it is polled). */
  read(checkId: string): Promise<PaperCheck>;
  list(pageNo: number, pageSize: number): Promise<Page<PaperCheckSummary>>;
  remove(checkId: string): Promise<void>;
  quote(model: string): Promise<PriceQuote>;
  refreshPoints(): Promise<void>;
}

export const paperApi: PaperApi = {
  functions: () => dataOf(request.get<PaperCheckFunctions>('aigc/functions', undefined, { silent: true })),
  upload: (file, onProgress) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return dataOf(request.upload<PaperDocument>('aigc/uploadDoc', form, onProgress));
  },
  start: (documentId, detector) => dataOf(request.post<PaperCheck>(detector === 'v2' ? 'aigc/checkV2' : 'aigc/check', { documentId })),
  read: (checkId) => dataOf(request.post<PaperCheck>('aigc/result', { checkId }, { silent: true })),
  list: (pageNo, pageSize) => dataOf(request.post<Page<PaperCheckSummary>>('aigc/list', { pageNo, pageSize }, { silent: true })),
  remove: async (checkId) => {
    await dataOf(request.post<null>('aigc/delete', { checkId }));
  },
  quote: (model) => dataOf(request.post<PriceQuote>('points/quote', { model }, { silent: true })),
  refreshPoints: () => points.refresh(),
};
