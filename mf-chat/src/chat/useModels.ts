import { useEffect, useState } from 'react';
import { chat } from '@qiming/sdk';
import type { ModelCatalogue } from '@qiming/sdk/contracts';

/** The server's model catalogue (null while loading). */
export function useModels(): ModelCatalogue | null {
  const [catalogue, setCatalogue] = useState<ModelCatalogue | null>(null);
  useEffect(() => {
    let alive = true;
    chat.models().then((answer) => alive && setCatalogue(answer), () => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return catalogue;
}
