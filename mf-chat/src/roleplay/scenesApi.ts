import { dataOf, request } from '@qiming/sdk';
import type { HongScene, HongSceneList } from '@qiming/sdk/contracts';

let scenes: Promise<HongScene[]> | null = null;

/** The role-play scenes, asked once per page load (they are built into the server). */
export function loadHongScenes(): Promise<HongScene[]> {
  scenes ??= dataOf(request.get<HongSceneList>('backend-api/getHongScenes')).then(
    (list) => list.scenes,
    (error: unknown) => {
      scenes = null;
      throw error;
    },
  );
  return scenes;
}
