import { dataOf, points, request } from '@qiming/sdk';
import type { CreateDeckRequest, Deck, DeckListRequest, DeckOutline, DeckSummary, Page, PriceQuote, SlideFunctions, SlideTemplateId, UploadResult } from '@qiming/sdk/contracts';

/** The calls of the slides contract (contracts/src/slides.ts), a document upload and the price quote. The store holds one, so tests hand in a fake. */
export interface SlidesApi {
  functions(): Promise<SlideFunctions>;
  /** ppt/createToken: a deck whose outline the server starts writing. */
  create(input: CreateDeckRequest): Promise<Deck>;
  /** ppt/success: the deck as it is now (quiet: it is polled). */
  read(deckId: string): Promise<Deck>;
  saveOutline(deckId: string, outline: DeckOutline): Promise<Deck>;
  rewriteOutline(deckId: string): Promise<Deck>;
  /** ppt/start: the confirmed outline and template become a generation. */
  start(deckId: string, templateId: SlideTemplateId, outline: DeckOutline): Promise<Deck>;
  list(input: DeckListRequest): Promise<Page<DeckSummary>>;
  rename(deckId: string, title: string): Promise<Deck>;
  remove(deckId: string): Promise<void>;
  uploadDocument(file: File): Promise<UploadResult>;
  quote(model: string): Promise<PriceQuote>;
  refreshPoints(): Promise<void>;
}

export const slidesApi: SlidesApi = {
  functions: () => dataOf(request.get<SlideFunctions>('ppt/functions')),
  create: (input) => dataOf(request.post<Deck>('ppt/createToken', input)),
  read: (deckId) => dataOf(request.post<Deck>('ppt/success', { deckId }, { silent: true })),
  saveOutline: (deckId, outline) => dataOf(request.post<Deck>('ppt/saveOutline', { deckId, outline })),
  rewriteOutline: (deckId) => dataOf(request.post<Deck>('ppt/rewriteOutline', { deckId })),
  start: (deckId, templateId, outline) => dataOf(request.post<Deck>('ppt/start', { deckId, templateId, outline })),
  list: (input) => dataOf(request.post<Page<DeckSummary>>('ppt/list', input, { silent: true })),
  rename: (deckId, title) => dataOf(request.post<Deck>('ppt/rename', { deckId, title })),
  remove: async (deckId) => {
    await dataOf(request.post<null>('ppt/delete', { deckId }));
  },
  uploadDocument: (file) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return dataOf(request.upload<UploadResult>('backend-api/uploadChatKnowledge2', form));
  },
  quote: (model) => dataOf(request.post<PriceQuote>('points/quote', { model }, { silent: true })),
  refreshPoints: () => points.refresh(),
};
