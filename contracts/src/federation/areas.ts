import areasFile from './areas.json' with { type: 'json' };

/** An area of the platform: its remote container, the package that builds it and the routes it owns by default. */
export interface AreaDefinition {
  area: string;
  container: string;
  package: string;
  devPort: number;
  routes: string[];
}

/** Every area (areas.json, which the webpack configuration reads too). */
export const AREAS: readonly AreaDefinition[] = areasFile.areas;

/** The host's dev-server port. */
export const HOST_DEV_PORT: number = areasFile.hostDevPort;
