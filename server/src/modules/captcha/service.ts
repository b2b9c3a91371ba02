import { createHash, randomBytes } from 'node:crypto';
import type { CaptchaChallenge, CaptchaCheckResult } from '@qiming/contracts';
import { AUTH_CODES } from '../auth/codes.js';
import { AppError } from '../../http/envelope.js';
import type { SharedState } from '../../sharedState/index.js';
import { judgeTrace } from './dragTrace.js';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawPuzzle, PIECE_SIZE } from './puzzleImage.js';

/** How long a challenge may be answered, and how long its token may then be used to send a code. */
export const CAPTCHA_TTL_SECONDS = 120;
export const CAPTCHA_TOKEN_TTL_SECONDS = 300;
/**
 * How far, on each axis, the released piece may be from the hole (background pixels): 7 × 7 of the
 * 191 × 101 positions pass, 0.25 % for a blind guess (a slide along x alone left 7 in 191, 3.7 %).
 */
export const CAPTCHA_TOLERANCE = 3;

/** Challenges one IP and one target may ask for in a window (CAPTCHA_RATE_PER_IP / CAPTCHA_RATE_PER_TARGET, per 10 minutes). */
export interface CaptchaRates {
  perIp: number;
  perTarget: number;
  windowSeconds: number;
}
export const DEFAULT_CAPTCHA_RATES: CaptchaRates = { perIp: 30, perTarget: 10, windowSeconds: 600 };

const CAPTCHA_FAILED = AUTH_CODES.captchaFailed;

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const challengeKey = (id: string) => `captcha:${id}`;
const tokenKey = (token: string) => `captcha-token:${token}`;
/** Targets are kept hashed: a phone number or e-mail address is not a key to leave in Redis. */
const canonicalTarget = (target: string) => target.replace(/[\s-]/g, '').toLowerCase().replace(/^\+?86(?=1[3-9]\d{9}$)/, '');
/** The same for the client's and the verification module's spelling of one phone / e-mail (separators, case, +86 left out). */
const targetHash = (target: string) => createHash('sha256').update(canonicalTarget(target)).digest('base64url').slice(0, 22);
const ipCountKey = (ip: string) => `captcha-ip:${ip}`;
const targetCountKey = (hash: string) => `captcha-target:${hash}`;
/** What a challenge keeps: the hole, where the piece started and the target it was asked for ('' none). */
interface StoredChallenge {
  x: number;
  y: number;
  startY: number;
  hash: string;
}
const stored = ({ x, y, startY, hash }: StoredChallenge) => `${x}|${y}|${startY}|${hash}`;
const parseStored = (value: string): StoredChallenge => {
  const [x, y, startY, hash = ''] = value.split('|');
  return { x: Number(x), y: Number(y), startY: Number(startY), hash };
};

/** Where the user let the piece go (its top-left corner in background pixels) and how it got there. */
export interface CaptchaAnswer {
  x: number;
  y: number | undefined;
  trace: ReadonlyArray<readonly number[]> | undefined;
}
/**
 * Single use under concurrency: SharedState has no atomic take, so whoever sets the `used:` marker
 * first gets the value; a second, simultaneous check or consume finds the marker set and fails.
 */
const usedKey = (key: string) => `used:${key}`;

const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * The puzzle captcha: the server draws each puzzle and keeps only the answer (the hole's x and y)
 * in shared state; the client gets the images and where the piece starts, and the user drags the
 * piece into the hole. One check per challenge; a passed check yields a one-time token that a
 * send-code call consumes.
 */
export class CaptchaService {
  constructor(
    private readonly state: SharedState,
    private readonly rates: CaptchaRates = DEFAULT_CAPTCHA_RATES,
  ) {}

  /**
   * A new puzzle, counted against the caller's IP and the target (1108 beyond either limit, before
   * anything is drawn: drawing is the costly part).
   */
  async create({ ip, target }: { ip: string; target?: string | undefined }): Promise<CaptchaChallenge> {
    const hash = target?.trim() ? targetHash(target) : '';
    const counts = await Promise.all([
      this.state.increment(ipCountKey(ip), this.rates.windowSeconds),
      hash ? this.state.increment(targetCountKey(hash), this.rates.windowSeconds) : Promise.resolve(0),
    ]);
    if (counts[0] > this.rates.perIp || counts[1] > this.rates.perTarget) {
      throw new AppError(AUTH_CODES.captchaTooMany, `滑块验证过于频繁，请 ${Math.ceil(this.rates.windowSeconds / 60)} 分钟后再试`);
    }
    const puzzle = drawPuzzle();
    const captchaId = randomBytes(16).toString('base64url');
    await this.state.set(challengeKey(captchaId), stored({ x: puzzle.x, y: puzzle.y, startY: puzzle.startY, hash }), CAPTCHA_TTL_SECONDS);
    return {
      captchaId,
      background: pngDataUrl(puzzle.background),
      piece: pngDataUrl(puzzle.piece),
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      pieceSize: PIECE_SIZE,
      pieceY: puzzle.startY,
      expiresInSeconds: CAPTCHA_TTL_SECONDS,
    };
  }

  /**
   * Consumes the challenge whatever the outcome (one attempt per challenge); 1107 unless the piece
   * was let go within the tolerance of the hole on both axes and the drag trace is a person's
   * (dragTrace.ts).
   */
  async check(captchaId: string, { x, y, trace }: CaptchaAnswer): Promise<CaptchaCheckResult> {
    const key = challengeKey(captchaId);
    const value = await this.state.get(key);
    if (value === null || !(await this.state.setIfAbsent(usedKey(key), CAPTCHA_TTL_SECONDS))) throw captchaFailed();
    await this.state.delete(key);
    const answer = parseStored(value);
    if (y === undefined || Math.abs(x - answer.x) > CAPTCHA_TOLERANCE || Math.abs(y - answer.y) > CAPTCHA_TOLERANCE) throw captchaFailed();
    if (!judgeTrace(trace, { start: { x: 0, y: answer.startY }, end: { x, y } }).ok) throw captchaFailed();

    const captchaToken = randomBytes(32).toString('base64url');
    await this.state.set(tokenKey(captchaToken), `1|${answer.hash}`, CAPTCHA_TOKEN_TTL_SECONDS);
    return { captchaToken };
  }

  /**
   * True once for a token from a passed check (within its lifetime) and, when the challenge named
   * a target, only for that target; false for anything else.
   */
  async consumeCaptchaToken(token: string, target?: string): Promise<boolean> {
    if (typeof token !== 'string' || !TOKEN_FORMAT.test(token)) return false;
    const key = tokenKey(token);
    const value = await this.state.get(key);
    if (value === null) return false;
    const bound = value.split('|')[1] ?? '';
    if (bound && (!target || targetHash(target) !== bound)) return false;
    if (!(await this.state.setIfAbsent(usedKey(key), CAPTCHA_TOKEN_TTL_SECONDS))) return false;
    await this.state.delete(key);
    return true;
  }

  /** The hole of an open challenge: for the dev outbox (a pure development deployment) only. */
  async answerOf(captchaId: string): Promise<{ x: number; y: number } | null> {
    const value = await this.state.get(challengeKey(captchaId));
    if (value === null) return null;
    const { x, y } = parseStored(value);
    return { x, y };
  }
}

function captchaFailed(): AppError {
  return new AppError(CAPTCHA_FAILED, '滑块验证失败，请重试');
}
