import { createContext, useContext } from 'react';
import { dataOf, request } from '@qiming/sdk';
import type { GalleryPage, GalleryRequest, LikeState, SharedImage } from '@qiming/sdk/contracts';

/**
 * The gallery's calls (contracts/src/images.ts, "Gallery"). The page reads them from context so
 * tests can hand in a fake.
 */
export interface GalleryApi {
  /** A page of shared images; silent: the page shows its own failed state with 重试. */
  list(query: GalleryRequest): Promise<GalleryPage>;
  /** Idempotent: the answer is the exact count after the call. */
  like(imageId: string): Promise<LikeState>;
  unlike(imageId: string): Promise<LikeState>;
  /** The owner takes the image off the gallery. */
  unshare(imageId: string): Promise<void>;
}

export const galleryApi: GalleryApi = {
  list: (query) => dataOf(request.post<GalleryPage>('sdImg/listSdImgShare', query, { silent: true })),
  like: (imageId) => dataOf(request.get<LikeState>('sdImg/like', { imageId })),
  unlike: (imageId) => dataOf(request.get<LikeState>('sdImg/unlike', { imageId })),
  unshare: async (imageId) => {
    await dataOf(request.post<SharedImage | null>('sdImg/share', { imageId, share: false }));
  },
};

const GalleryApiContext = createContext<GalleryApi>(galleryApi);
export const GalleryApiProvider = GalleryApiContext.Provider;
export const useGalleryApi = () => useContext(GalleryApiContext);
