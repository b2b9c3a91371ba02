// The route rules live in the contracts: the server resolves a page's area and layout by them too
// (the host page's preload hints and first frame).
export { matchRoute, ownerOfPath, pageLayoutFor, type PageLayout, type RouteOwner } from '@qiming/contracts';
