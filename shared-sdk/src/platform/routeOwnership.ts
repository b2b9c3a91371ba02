// The route rules live in the contracts: the server resolves a page's area by them too (preload hints).
export { matchRoute, ownerOfPath, type RouteOwner } from '@qiming/contracts';
