export { sdkInstance } from './platform/instance';
export { createAreaLifecycles, type AreaLifecycles, type AreaMountProps, type AreaDefinition } from './platform/areaLifecycles';
export { matchRoute, ownerOfPath, type RouteOwner } from './platform/routeOwnership';
export { EventBus, eventBus, type AppEvents } from './events/eventBus';
export type * from './contracts';
