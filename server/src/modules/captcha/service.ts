import { randomBytes } from 'node:crypto';
import type { CaptchaChallenge, CaptchaCheckResult } from '@qiming/contracts';
import { AUTH_CODES } from '../auth/codes.js';
import { AppError } from '../../http/envelope.js';
import type { SharedState } from '../../sharedState/index.js';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawPuzzle, PIECE_SIZE } from './puzzleImage.js';

/** How long a challenge may be answered, and how long its token may then be used to send a code. */
export const CAPTCHA_TTL_SECONDS = 120;
export const CAPTCHA_TOKEN_TTL_SECONDS = 300;
/** How far, in background pixels, the released piece may be from the hole. */
export const CAPTCHA_TOLERANCE = 5;

const CAPTCHA_FAILED = AUTH_CODES.captchaFailed;

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const challengeKey = (id: string) => `captcha:${id}`;
const tokenKey = (token: string) => `captcha-token:${token}`;
/**
 * Single use under concurrency: SharedState has no atomic take, so whoever sets the `used:` marker
 * first gets the value; a second, simultaneous check or consume finds the marker set and fails.
 */
const usedKey = (key: string) => `used:${key}`;

const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * The slide captcha: the server draws each puzzle and keeps only the answer (the hole's x) in
 * shared state; the client gets the images and the piece's y. One check per challenge; a passed
 * check yields a one-time token that a send-code call consumes.
 */
export class CaptchaService {
  constructor(private readonly state: SharedState) {}

  async create(): Promise<CaptchaChallenge> {
    const puzzle = drawPuzzle();
    const captchaId = randomBytes(16).toString('base64url');
    await this.state.set(challengeKey(captchaId), String(puzzle.x), CAPTCHA_TTL_SECONDS);
    return {
      captchaId,
      background: pngDataUrl(puzzle.background),
      piece: pngDataUrl(puzzle.piece),
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      pieceSize: PIECE_SIZE,
      pieceY: puzzle.y,
      expiresInSeconds: CAPTCHA_TTL_SECONDS,
    };
  }

  /** Consumes the challenge whatever the outcome; 1107 unless `x` is within the tolerance. */
  async check(captchaId: string, x: number): Promise<CaptchaCheckResult> {
    const key = challengeKey(captchaId);
    const answer = await this.state.get(key);
    if (answer === null || !(await this.state.setIfAbsent(usedKey(key), CAPTCHA_TTL_SECONDS))) throw captchaFailed();
    await this.state.delete(key);
    if (Math.abs(x - Number(answer)) > CAPTCHA_TOLERANCE) throw captchaFailed();

    const captchaToken = randomBytes(32).toString('base64url');
    await this.state.set(tokenKey(captchaToken), '1', CAPTCHA_TOKEN_TTL_SECONDS);
    return { captchaToken };
  }

  /** True once for a token from a passed check (within its lifetime); false for anything else. */
  async consumeCaptchaToken(token: string): Promise<boolean> {
    if (typeof token !== 'string' || !TOKEN_FORMAT.test(token)) return false;
    const key = tokenKey(token);
    if ((await this.state.get(key)) === null || !(await this.state.setIfAbsent(usedKey(key), CAPTCHA_TOKEN_TTL_SECONDS))) return false;
    await this.state.delete(key);
    return true;
  }

  /** The answer of an open challenge: for the dev outbox (a pure development deployment) only. */
  async answerOf(captchaId: string): Promise<number | null> {
    const answer = await this.state.get(challengeKey(captchaId));
    return answer === null ? null : Number(answer);
  }
}

function captchaFailed(): AppError {
  return new AppError(CAPTCHA_FAILED, '滑块验证失败，请重试');
}
