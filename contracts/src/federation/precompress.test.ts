import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { addMissingSiblings, siblingProblems } from './precompress.js';

const script = (seed: string) => Array.from({ length: 200 }, (_, i) => `export const ${seed}${i} = "${'x'.repeat(i % 11)}";`).join('\n');

const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempBuild(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-precompress-'));
  made.push(dir);
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
  return dir;
}

describe('addMissingSiblings', () => {
  it('makes .br and .gz siblings of eligible files over the threshold, and nothing else', async () => {
    const dir = tempBuild({
      'main.0123456789.js': script('a'),
      'assets/style.0123456789.css': `.a{color:red}\n`.repeat(200),
      'mf-manifest.json': JSON.stringify({ files: Array.from({ length: 100 }, (_, i) => `chunk-${i}.js`) }),
      'icon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h10v10z"/>'.repeat(60)}</svg>`,
      'index.html': `<!doctype html>${'<p>启明</p>'.repeat(200)}`,
      'small.0123456789.js': 'console.log(1)',
      'main.0123456789.js.map': JSON.stringify({ mappings: 'AAAA;'.repeat(1000) }),
      'font.0123456789.woff2': Buffer.alloc(4000),
      'random.0123456789.js': crypto.randomBytes(4000), // does not compress: no sibling
    });
    const made = await addMissingSiblings(dir);
    const eligible = ['assets/style.0123456789.css', 'icon.svg', 'index.html', 'main.0123456789.js', 'mf-manifest.json'];
    expect(made.sort()).toEqual(eligible.flatMap((f) => [`${f}.br`, `${f}.gz`]).sort());
    for (const file of eligible) {
      const original = fs.readFileSync(path.join(dir, file));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${file}.br`))).equals(original)).toBe(true);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${file}.gz`))).equals(original)).toBe(true);
    }
    expect(await siblingProblems(dir)).toEqual([]);
    expect(await addMissingSiblings(dir)).toEqual([]);
  });

  it('keeps a sibling that is there and makes only the one that is missing', async () => {
    const dir = tempBuild({ 'main.0123456789.js': script('b') });
    const own = zlib.gzipSync(script('b'), { level: 1 });
    fs.writeFileSync(path.join(dir, 'main.0123456789.js.gz'), own);
    expect(await addMissingSiblings(dir)).toEqual(['main.0123456789.js.br']);
    expect(fs.readFileSync(path.join(dir, 'main.0123456789.js.gz')).equals(own)).toBe(true);
  });
});

describe('siblingProblems', () => {
  it('names a sibling that does not decode to its file, and one without a file', async () => {
    const dir = tempBuild({
      'a.js': script('a'),
      'a.js.br': zlib.brotliCompressSync(script('changed')),
      'a.js.gz': 'not gzip',
      'gone.js.br': zlib.brotliCompressSync('x'),
    });
    expect(await siblingProblems(dir)).toEqual([
      '压缩副本 a.js.br 与原文件内容不一致',
      '压缩副本 a.js.gz 与原文件内容不一致',
      '压缩副本 gone.js.br 没有对应的原文件',
    ]);
  });
});
