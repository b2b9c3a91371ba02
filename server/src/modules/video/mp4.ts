/**
 * Just enough of ISO BMFF (MP4) to check a clip is one and read what the page shows — its size and
 * length — and to move the index (`moov`) before the media data, so a player starts without fetching
 * the file's end first ("fast start"). WebM is recognised by its EBML magic only.
 */

export interface ClipInfo {
  mime: 'video/mp4' | 'video/webm';
  width: number;
  height: number;
  /** Milliseconds; 0 when the container does not say. */
  durationMs: number;
}

interface Box {
  type: string;
  start: number;
  /** Where the payload starts (after the header). */
  body: number;
  end: number;
}

/** The boxes in `data` from `from` to `to`; throws on a box that runs past its parent. */
function boxesOf(data: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > to) throw new Error('truncated box header');
      size = Number(data.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) size = to - at;
    if (size < body - at || at + size > to) throw new Error(`box ${type} runs past its parent`);
    boxes.push({ type, start: at, body, end: at + size });
    at += size;
  }
  return boxes;
}

const child = (data: Buffer, parent: Box, type: string) => boxesOf(data, parent.body, parent.end).find((box) => box.type === type);

const EBML_MAGIC = 0x1a45dfa3;

/** The clip's container and metadata; null when the bytes are neither a readable MP4 nor a WebM. */
export function clipInfo(data: Buffer): ClipInfo | null {
  if (data.length >= 4 && data.readUInt32BE(0) === EBML_MAGIC) return { mime: 'video/webm', width: 0, height: 0, durationMs: 0 };
  try {
    const top = boxesOf(data, 0, data.length);
    if (top[0]?.type !== 'ftyp') return null;
    const moov = top.find((box) => box.type === 'moov');
    if (!moov || !top.some((box) => box.type === 'mdat')) return null;
    const mvhd = child(data, moov, 'mvhd');
    if (!mvhd) return null;
    const version = data[mvhd.body]!;
    const timescale = data.readUInt32BE(mvhd.body + (version === 1 ? 20 : 12));
    const duration = version === 1 ? Number(data.readBigUInt64BE(mvhd.body + 24)) : data.readUInt32BE(mvhd.body + 16);
    let width = 0;
    let height = 0;
    for (const trak of boxesOf(data, moov.body, moov.end).filter((box) => box.type === 'trak')) {
      const tkhd = child(data, trak, 'tkhd');
      if (!tkhd) continue;
      // Width and height are the last 8 bytes of tkhd, 16.16 fixed point; audio tracks have 0.
      const w = data.readUInt32BE(tkhd.end - 8) / 65536;
      const h = data.readUInt32BE(tkhd.end - 4) / 65536;
      if (w > 0 && h > 0) {
        width = Math.round(w);
        height = Math.round(h);
        break;
      }
    }
    return { mime: 'video/mp4', width, height, durationMs: timescale > 0 ? Math.round((duration * 1000) / timescale) : 0 };
  } catch {
    return null;
  }
}

/** Where each sample of a track's sample table starts and how long it is (stsz, stsc, stco / co64). */
function samplesOf(data: Buffer, stbl: Box): Array<{ offset: number; size: number }> {
  const stsz = child(data, stbl, 'stsz');
  const stsc = child(data, stbl, 'stsc');
  const stco = child(data, stbl, 'stco') ?? child(data, stbl, 'co64');
  if (!stsz || !stsc || !stco) return [];
  const fixed = data.readUInt32BE(stsz.body + 4);
  const count = data.readUInt32BE(stsz.body + 8);
  const sizes = Array.from({ length: count }, (_, i) => (fixed > 0 ? fixed : data.readUInt32BE(stsz.body + 12 + i * 4)));
  const chunkCount = data.readUInt32BE(stco.body + 4);
  const wide = stco.type === 'co64';
  const chunkOffset = (i: number) => (wide ? Number(data.readBigUInt64BE(stco.body + 8 + i * 8)) : data.readUInt32BE(stco.body + 8 + i * 4));
  const runs = Array.from({ length: data.readUInt32BE(stsc.body + 4) }, (_, i) => ({ firstChunk: data.readUInt32BE(stsc.body + 8 + i * 12), perChunk: data.readUInt32BE(stsc.body + 12 + i * 12) }));
  const samples: Array<{ offset: number; size: number }> = [];
  for (let chunk = 0, sample = 0; chunk < chunkCount && sample < count; chunk++) {
    const run = runs.filter((r) => r.firstChunk <= chunk + 1).at(-1);
    let offset = chunkOffset(chunk);
    for (let k = 0; k < (run?.perChunk ?? 0) && sample < count; k++, sample++) {
      samples.push({ offset, size: sizes[sample]! });
      offset += sizes[sample]!;
    }
  }
  return samples;
}

/** An H.264 sample (4-byte length-prefixed NAL units) holding an IDR slice: a key frame. */
function isKeyFrame(data: Buffer, sample: { offset: number; size: number }): boolean {
  for (let at = sample.offset; at + 5 <= sample.offset + sample.size; ) {
    const length = data.readUInt32BE(at);
    if ((data[at + 4]! & 0x1f) === 5) return true;
    at += 4 + length;
  }
  return false;
}

/**
 * An H.264 MP4 without a sync sample table (`stss`) says every frame is a key frame, so a player
 * that seeks decodes from a predicted frame and shows garbage or black (h264-mp4-encoder writes
 * none). This adds the table, listing the samples that hold an IDR slice; a file that has one, or
 * that this cannot read, comes back as it is. Meant before fastStart (it grows `moov`).
 */
export function withSyncSamples(data: Buffer): Buffer {
  try {
    const top = boxesOf(data, 0, data.length);
    const moov = top.find((box) => box.type === 'moov');
    if (!moov) return data;
    for (const trak of boxesOf(data, moov.body, moov.end).filter((box) => box.type === 'trak')) {
      const mdia = child(data, trak, 'mdia');
      const minf = mdia && child(data, mdia, 'minf');
      const stbl = minf && child(data, minf, 'stbl');
      const stsd = stbl && child(data, stbl, 'stsd');
      if (!mdia || !minf || !stbl || !stsd || child(data, stbl, 'stss')) continue;
      if (data.toString('latin1', stsd.body + 12, stsd.body + 16) !== 'avc1') continue;
      const keys = samplesOf(data, stbl).flatMap((sample, index) => (isKeyFrame(data, sample) ? [index + 1] : []));
      if (keys.length === 0) continue;
      const stss = Buffer.alloc(16 + keys.length * 4);
      stss.writeUInt32BE(stss.length, 0);
      stss.write('stss', 4, 'latin1');
      stss.writeUInt32BE(keys.length, 12);
      keys.forEach((key, i) => stss.writeUInt32BE(key, 16 + i * 4));
      const grown = Buffer.concat([data.subarray(0, stbl.end), stss, data.subarray(stbl.end)]);
      for (const box of [moov, trak, mdia, minf, stbl]) grown.writeUInt32BE(grown.readUInt32BE(box.start) + stss.length, box.start);
      // Media data after the insertion point moved: only possible when moov comes first, which fastStart (after this) arranges.
      if (top.some((box) => box.type === 'mdat' && box.start > moov.start)) shiftChunkOffsets(grown, { ...moov, end: moov.end + stss.length }, stss.length);
      return withSyncSamples(grown);
    }
    return data;
  } catch {
    return data;
  }
}

/** Containers whose children hold chunk offset tables (stco / co64). */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

/** Adds `delta` to every chunk offset under `box` (in place). */
function shiftChunkOffsets(data: Buffer, box: Box, delta: number): void {
  for (const inner of boxesOf(data, box.body, box.end)) {
    if (CONTAINERS.has(inner.type)) shiftChunkOffsets(data, inner, delta);
    else if (inner.type === 'stco' || inner.type === 'co64') {
      const count = data.readUInt32BE(inner.body + 4);
      const wide = inner.type === 'co64';
      for (let i = 0; i < count; i++) {
        const at = inner.body + 8 + i * (wide ? 8 : 4);
        if (wide) data.writeBigUInt64BE(data.readBigUInt64BE(at) + BigInt(delta), at);
        else data.writeUInt32BE(data.readUInt32BE(at) + delta, at);
      }
    }
  }
}

/**
 * The MP4 with `moov` moved in front of the first `mdat` (chunk offsets shifted to match); the bytes
 * as they are when it is already there or the file is not an MP4 this can read.
 */
export function fastStart(data: Buffer): Buffer {
  let top: Box[];
  try {
    top = boxesOf(data, 0, data.length);
  } catch {
    return data;
  }
  const moovIndex = top.findIndex((box) => box.type === 'moov');
  const mdatIndex = top.findIndex((box) => box.type === 'mdat');
  if (moovIndex < 0 || mdatIndex < 0 || moovIndex < mdatIndex) return data;
  const moovBox = top[moovIndex]!;
  const moov = Buffer.from(data.subarray(moovBox.start, moovBox.end));
  const relative: Box = { type: 'moov', start: 0, body: moovBox.body - moovBox.start, end: moovBox.end - moovBox.start };
  shiftChunkOffsets(moov, relative, moov.length);
  const parts = top.filter((box) => box !== moovBox).map((box) => data.subarray(box.start, box.end));
  parts.splice(mdatIndex, 0, moov);
  return Buffer.concat(parts);
}
