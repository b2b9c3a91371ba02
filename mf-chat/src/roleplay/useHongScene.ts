import { useLoad } from '@qiming/sdk';
import type { HongScene } from '@qiming/sdk/contracts';
import { loadHongScenes } from './scenesApi';

/** The scene of a role-play code (null while loading, for no code, or for a code the server does not know). */
export function useHongScene(code: string | null): HongScene | null {
  const { data: scenes } = useLoad(code ? loadHongScenes : null, [code]);
  return scenes?.find((s) => s.code === code) ?? null;
}
