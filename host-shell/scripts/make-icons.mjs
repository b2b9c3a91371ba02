// Draws the app icons (public/icon-192.png, public/icon-512.png): the morning star (启明) in white on
// the brand purple. Run once when the logo changes: node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const PURPLE = [0x6d, 0x4a, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => (bytes.reduce((c, b) => CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Coverage (0–1) of pixel (x, y) by the icon: a rounded square holding a four-point star. */
function paint(size, x, y) {
  const u = (x + 0.5) / size - 0.5;
  const v = (y + 0.5) / size - 0.5;
  // Four-point star: |u|^p + |v|^p ≤ r^p with p < 1 gives concave sides.
  const p = 0.55;
  const star = Math.pow(Math.abs(u), p) + Math.pow(Math.abs(v), p) <= Math.pow(0.34, p);
  return star ? 'white' : 'purple';
}

function png(size) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const [r, g, b] = paint(size, x, y) === 'white' ? [255, 255, 255] : PURPLE;
      row.set([r, g, b, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'public');
for (const size of [192, 512]) fs.writeFileSync(path.join(out, `icon-${size}.png`), png(size));
console.log('icons written to', out);
