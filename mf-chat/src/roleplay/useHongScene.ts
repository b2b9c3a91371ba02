import { useEffect, useState } from 'react';
import type { HongScene } from '@qiming/sdk/contracts';
import { loadHongScenes } from './scenesApi';

/** The scene of a role-play code (null while loading, for no code, or for a code the server does not know). */
export function useHongScene(code: string | null): HongScene | null {
  const [scene, setScene] = useState<HongScene | null>(null);
  useEffect(() => {
    let alive = true;
    if (!code) {
      setScene(null);
      return;
    }
    loadHongScenes().then(
      (scenes) => alive && setScene(scenes.find((s) => s.code === code) ?? null),
      () => alive && setScene(null),
    );
    return () => {
      alive = false;
    };
  }, [code]);
  return scene;
}
