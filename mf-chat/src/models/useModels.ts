import { chat, useLoad } from '@qiming/sdk';
import type { ModelCatalogue } from '@qiming/sdk/contracts';

/** The server's model catalogue (null while loading or when it failed). */
export function useModels(): ModelCatalogue | null {
  return useLoad(() => chat.models(), []).data ?? null;
}
