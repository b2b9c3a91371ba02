import { pageLayoutFor } from '@qiming/contracts';
import type { PageContentOf } from '../../http/hostPage.js';
import type { PagePreloads } from './pagePreloads.js';
import { previewOf, type PreviewLinks } from './previewLinks.js';
import type { PlatformService } from './service.js';
import { visitorKey, type UserIdOf } from './visitor.js';

/** The id of the page's registry data block; the host reads it (host-shell/src/registry/inlineRegistry.ts). */
export const REGISTRY_BLOCK_ID = 'qm-registry';

/**
 * What the host page carries for one visitor: the registry `GET /platform/remotes` would answer
 * them (same cohort rule and cookies, read at request time, so an ops switch shows on the next page
 * load; a `?preview=` link taken or refused here), the preload hints of the route's area at that
 * registry's version, and the route's layout for the page's static first frame.
 */
export function hostPageContent(service: PlatformService, preloads: PagePreloads, previewLinks: PreviewLinks, userIdOf: UserIdOf | undefined): PageContentOf {
  return async (request, reply, pathname) => {
    const { grants, notice } = previewOf(request, reply, previewLinks, { fromParameter: true });
    const registry = await service.registryFor(await visitorKey(request, reply, userIdOf), grants);
    if (notice) registry.previewNotice = notice;
    return { json: { [REGISTRY_BLOCK_ID]: registry }, preloads: await preloads.for(registry, pathname), layout: pageLayoutFor(pathname) };
  };
}
