export interface SharedContract {
  singletons: Record<string, string>;
  forbiddenDirectImports: string[];
  uiKitEntry: string;
  neverBundledByAreas: string[];
}
export declare function manifestProblems(manifest: unknown, expectedContainer: string, contract?: SharedContract): string[];
export declare function bundlingProblems(chunkPackages: unknown, contract?: SharedContract): string[];
export declare function buildProblems(build: { manifest: unknown; chunkPackages: unknown }, expectedContainer: string, contract?: SharedContract): string[];
export declare const REQUIRED_SHARED: string[];
