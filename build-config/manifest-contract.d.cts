export interface SharedContract {
  singletons: Record<string, string>;
  forbiddenDirectImports: string[];
  uiKitEntry: string;
}
export declare function manifestProblems(manifest: unknown, expectedContainer: string, contract?: SharedContract): string[];
export declare const REQUIRED_SHARED: string[];
