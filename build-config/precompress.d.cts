export declare const PRECOMPRESS_RULE: { readonly test: RegExp; readonly threshold: number; readonly minRatio: number };
export declare const ENCODINGS: ReadonlyArray<{ name: 'br' | 'gzip'; extension: '.br' | '.gz'; algorithm: string }>;
export declare function compressionPlugins(): unknown[];
export declare function addMissingSiblings(dir: string): Promise<string[]>;
export declare function siblingProblems(dir: string): Promise<string[]>;
