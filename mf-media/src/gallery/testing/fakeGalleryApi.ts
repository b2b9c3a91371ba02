import type { GalleryRequest, SharedImage } from '@qiming/sdk/contracts';
import type { GalleryApi } from '../../api/galleryApi';

const ASPECTS = [
  { aspect: '1:1', width: 1024, height: 1024 },
  { aspect: '3:4', width: 888, height: 1184 },
  { aspect: '16:9', width: 1360, height: 768 },
  { aspect: '9:16', width: 768, height: 1360 },
] as const;

export function sharedImage(n: number, extra: Partial<SharedImage> = {}): SharedImage {
  const size = ASPECTS[n % ASPECTS.length]!;
  return {
    imageId: `img-${n}`,
    url: `/app-api/public/images/img-${n}.png`,
    thumbUrl: `/app-api/public/images/img-${n}.webp`,
    width: size.width,
    height: size.height,
    prompt: `提示词${n}`,
    negativePrompt: '',
    model: 'sd-xl',
    modelName: 'Stable Diffusion XL',
    aspect: size.aspect,
    seed: 1000 + n,
    author: `作者${n}`,
    likes: n % 7,
    liked: false,
    mine: false,
    offlineDemo: false,
    sharedAt: new Date(Date.UTC(2026, 10, 24, 8, 0) - n * 60_000).toISOString(),
    ...extra,
  };
}

/**
 * A gallery server in memory: `images` newest first; 'likes' sorts by count (then newest). Each call
 * is a jest mock to assert on or to make fail.
 */
export function fakeGalleryApi(images: SharedImage[] = Array.from({ length: 100 }, (_, i) => sharedImage(i + 1))): jest.Mocked<GalleryApi> & { images: SharedImage[] } {
  const store = { images: images.map((image) => ({ ...image })) };
  const ordered = (sort: GalleryRequest['sort']) => (sort === 'likes' ? [...store.images].sort((a, b) => b.likes - a.likes) : store.images);
  const setLike = (imageId: string, liked: boolean) => {
    const image = store.images.find((item) => item.imageId === imageId);
    if (!image) throw new Error('图片不存在或已删除');
    if (image.liked !== liked) image.likes += liked ? 1 : -1;
    image.liked = liked;
    return { imageId, liked, likes: image.likes };
  };
  const api: GalleryApi = {
    list: jest.fn(async ({ pageNo, pageSize, sort }: GalleryRequest) => {
      const all = ordered(sort);
      return { list: all.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((image) => ({ ...image })), total: all.length };
    }),
    like: jest.fn(async (imageId: string) => setLike(imageId, true)),
    unlike: jest.fn(async (imageId: string) => setLike(imageId, false)),
    unshare: jest.fn(async (imageId: string) => {
      store.images = store.images.filter((image) => image.imageId !== imageId);
    }),
  };
  Object.defineProperty(api, 'images', { get: () => store.images });
  return api as jest.Mocked<GalleryApi> & { images: SharedImage[] };
}
