import { dataOf, request } from '@qiming/sdk';
import type { ResourceCategory, ResourceFeedbackInput } from '@qiming/sdk/contracts';

/** The directory calls (contracts/src/resources.ts). Pages take it as a prop so tests hand in a fake. */
export interface ResourcesApi {
  tree(): Promise<ResourceCategory[]>;
  /** Quiet: the dialog shows the server's refusal (the hourly limit) beside the form. */
  feedback(input: ResourceFeedbackInput): Promise<void>;
}

export const resourcesApi: ResourcesApi = {
  tree: () => dataOf(request.get<ResourceCategory[]>('resource/getAllItemsTree')),
  feedback: async (input) => {
    await dataOf(request.post<null>('resource/feedback', input, { silent: true }));
  },
};
