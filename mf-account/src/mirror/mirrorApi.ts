import { dataOf, request } from '@qiming/sdk';
import type { MirrorAuthKey, MirrorHandOff, MirrorOverview } from '@qiming/sdk/contracts';

/** The mirror site's calls (server/src/modules/mirror/README.md). */
export interface MirrorApi {
  overview(): Promise<MirrorOverview>;
  enterCar(carId: string): Promise<MirrorHandOff>;
  enterWithKey(keyId: string): Promise<MirrorHandOff>;
  keys(): Promise<MirrorAuthKey[]>;
  addKey(input: { siteId: string; name: string; key: string }): Promise<MirrorAuthKey>;
  updateKey(id: string, change: { name?: string; key?: string }): Promise<MirrorAuthKey>;
  deleteKey(id: string): Promise<void>;
}

export const mirrorApi: MirrorApi = {
  overview: () => dataOf(request.get<MirrorOverview>('mirror/getCarList')),
  enterCar: (carId) => dataOf(request.post<MirrorHandOff>('mirror/getShareToken', { carId })),
  enterWithKey: (keyId) => dataOf(request.post<MirrorHandOff>('mirror/getFkToken', { keyId })),
  keys: () => dataOf(request.get<MirrorAuthKey[]>('mirror/user-auth-key/list')),
  addKey: (input) => dataOf(request.post<MirrorAuthKey>('mirror/user-auth-key/add', input)),
  updateKey: (id, change) => dataOf(request.post<MirrorAuthKey>('mirror/user-auth-key/update', { id, ...change })),
  deleteKey: async (id) => {
    await dataOf(request.post<null>('mirror/user-auth-key/delete', { id }));
  },
};
