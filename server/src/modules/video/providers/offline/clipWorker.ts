/**
 * The worker thread of the offline generator (offlineVideo.ts): drawing a few hundred frames and
 * encoding them to H.264 takes a second or more of CPU, so it runs here, off the server's event
 * loop. One job per thread (workerData); progress and the result go back as messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import h264 from 'h264-mp4-encoder';
import sharp from 'sharp';
import { paintPng } from '../../../images/providers/offline/render.js';
import { fastStart, withSyncSamples } from '../../mp4.js';
import { drawFrame, planClip, STILL_SCALE, type Overlay, type Still } from './frames.js';

export interface ClipJob {
  prompt: string;
  seed: number;
  width: number;
  height: number;
  fps: number;
  seconds: number;
  /** image2video: the uploaded first frame's bytes. */
  firstFrame: Uint8Array | null;
  /** Burnt into the top corner, so a downloaded demo says what it is. */
  badge: string;
}

export type ClipMessage =
  | { type: 'progress'; percent: number }
  | { type: 'done'; mp4: Uint8Array; poster: Uint8Array; width: number; height: number }
  | { type: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('clipWorker.ts runs as a worker thread (see offlineVideo.ts)');

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The camera's ground: the painted scene, or the first frame cropped to cover, larger than the frame. */
async function stillOf(job: ClipJob): Promise<Still> {
  const width = Math.round(job.width * STILL_SCALE);
  const height = Math.round(job.height * STILL_SCALE);
  const source = job.firstFrame ? sharp(Buffer.from(job.firstFrame), { limitInputPixels: 50_000_000 }).rotate() : sharp(await paintPng({ prompt: job.prompt, seed: job.seed, variant: 0, width, height }));
  const { data, info } = await source.resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** The prompt on a dark band near the bottom, and the badge at the top left, as RGBA overlays. */
async function overlaysOf(job: ClipJob): Promise<Overlay[]> {
  const { width, height } = job;
  const size = Math.max(14, Math.round(Math.min(width, height) * 0.055));
  const perLine = Math.max(8, Math.floor((width * 0.88) / size));
  const text = [...job.prompt.replace(/\s+/g, ' ').trim()];
  const caption = text.length > perLine ? `${text.slice(0, perLine - 1).join('')}…` : text.join('');
  const band = Math.round(size * 2.1);
  const render = async (svg: string, h: number, top: number): Promise<Overlay> => {
    const { data } = await sharp(Buffer.from(svg)).resize(width, h).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width, height: h, top, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  };
  const font = `font-family="Noto Sans CJK SC, Noto Serif CJK SC, WenQuanYi Micro Hei, sans-serif"`;
  const captionSvg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${band}"><rect width="100%" height="100%" fill="rgba(0,0,0,0.42)"/>` +
    `<text x="${Math.round(width * 0.05)}" y="${Math.round(band * 0.66)}" ${font} font-size="${size}" fill="#fff">${escapeXml(caption)}</text></svg>`;
  const badgeSize = Math.max(11, Math.round(size * 0.62));
  const badgeW = Math.round(badgeSize * (job.badge.length + 1.4));
  const badgeH = Math.round(badgeSize * 1.8);
  const badgeSvg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${badgeH + 8}"><rect x="8" y="8" rx="4" width="${badgeW}" height="${badgeH}" fill="rgba(0,0,0,0.5)"/>` +
    `<text x="${8 + Math.round(badgeSize * 0.7)}" y="${8 + Math.round(badgeH * 0.7)}" ${font} font-size="${badgeSize}" fill="#ffd666">${escapeXml(job.badge)}</text></svg>`;
  return [await render(captionSvg, band, height - band - Math.round(size * 0.8)), await render(badgeSvg, badgeH + 8, 0)];
}

async function makeClip(job: ClipJob): Promise<Extract<ClipMessage, { type: 'done' }>> {
  const [still, overlays] = await Promise.all([stillOf(job), overlaysOf(job)]);
  const plan = planClip(job.prompt, job.seed, job.width, job.height, job.seconds, job.fps);
  const encoder = await h264.createH264MP4Encoder();
  encoder.width = job.width;
  encoder.height = job.height;
  encoder.frameRate = job.fps;
  encoder.quantizationParameter = 30;
  encoder.speed = 8;
  // A key frame every second: the player can seek anywhere quickly.
  encoder.groupOfPictures = job.fps;
  encoder.initialize();
  const frame = new Uint8Array(job.width * job.height * 4);
  const posterIndex = Math.min(plan.frames - 1, Math.round(plan.frames * 0.4));
  let poster: Uint8Array | null = null;
  try {
    for (let index = 0; index < plan.frames; index++) {
      drawFrame(frame, index, plan, still, overlays);
      encoder.addFrameRgba(frame);
      if (index === posterIndex) poster = frame.slice();
      if (index % 12 === 11) port!.postMessage({ type: 'progress', percent: Math.round(((index + 1) / plan.frames) * 95) } satisfies ClipMessage);
    }
    encoder.finalize();
    const mp4 = fastStart(withSyncSamples(Buffer.from(encoder.FS.readFile(encoder.outputFilename))));
    encoder.FS.unlink(encoder.outputFilename);
    const jpeg = await sharp(Buffer.from(poster!), { raw: { width: job.width, height: job.height, channels: 4 } }).removeAlpha().jpeg({ quality: 82 }).toBuffer();
    return { type: 'done', mp4: new Uint8Array(mp4), poster: new Uint8Array(jpeg), width: job.width, height: job.height };
  } finally {
    encoder.delete();
  }
}

makeClip(workerData as ClipJob).then(
  (done) => port.postMessage(done, [done.mp4.buffer as ArrayBuffer, done.poster.buffer as ArrayBuffer]),
  (error: Error) => port.postMessage({ type: 'error', message: error.message } satisfies ClipMessage),
);
