import { dataOf, request } from '@qiming/sdk';
import type { McpInfo } from '@qiming/sdk/contracts';

/** GET backend-api/getMcpInfo (spec chat §7): the extensions ops enabled, in their order. No login needed; silent, as the dialog says itself when it failed. */
export const loadOfferedExtensions = () => dataOf(request.get<McpInfo[]>('backend-api/getMcpInfo', undefined, { silent: true }));
