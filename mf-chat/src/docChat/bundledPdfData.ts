/**
 * The data pdf.js fetches for some PDFs — the predefined Adobe CMaps (Chinese PDFs whose fonts are
 * not embedded use UniGB-UCS2-H and friends) — served by our own build, never a CDN: every .bcmap
 * of pdfjs-dist is an asset of this area (webpack asset/resource, see webpack.config.cjs), fetched
 * only when a document asks for it. pdf.js reads them through this factory (its `BinaryDataFactory`
 * option), since the hashed asset names share no base URL.
 */

// webpack's require.context: the .bcmap files' URLs, each a few dozen bytes in the page's chunk.
declare const require: { context(directory: string, subdirectories: boolean, filter: RegExp): { keys(): string[]; (key: string): string } };
const cMaps = require.context('pdfjs-dist/cmaps', false, /\.bcmap$/);

type Kind = 'cMapUrl' | 'standardFontDataUrl' | 'wasmUrl';

export class BundledPdfData {
  // pdf.js constructs the factory with the URL options; none is used.
  constructor(_options: Record<string, unknown>) {}

  async fetch({ kind, filename }: { kind: Kind; filename: string }): Promise<Uint8Array> {
    const key = `./${filename}`;
    if (kind !== 'cMapUrl' || !cMaps.keys().includes(key)) throw new Error(`pdf data not bundled: ${kind} ${filename}`);
    const response = await fetch(cMaps(key));
    if (!response.ok) throw new Error(`pdf data ${filename}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** pdf.js options: bundled CMaps, no WebAssembly decoders (the CSP allows no wasm compilation; pdf.js decodes in JS then). */
export const PDF_OPTIONS = { cMapUrl: 'bundled/', cMapPacked: true, useWorkerFetch: false, BinaryDataFactory: BundledPdfData, useWasm: false } as const;
