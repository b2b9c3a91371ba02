import { IMAGE_LIMITS, ASPECT_RATIOS } from '@qiming/sdk';
import type { ImageFunctions, ImageModelFunctions, ImageResult, ImageTask, ImageTaskKind, PriceQuote } from '@qiming/sdk/contracts';
import type { PainterApi } from '../../api/painterApi';
import { PainterStore } from '../painterStore';
import { requireLogin } from '../login';
import { session } from '@qiming/sdk';

export function model(id: string, extra: Partial<ImageModelFunctions> = {}): ImageModelFunctions {
  return {
    id,
    name: id,
    icon: null,
    priceText: '20积分/次',
    points: 20,
    kinds: ['txt2img', 'img2img'],
    maxCount: 4,
    aspects: [...ASPECT_RATIOS],
    negativePrompt: true,
    seed: true,
    offlineDemo: true,
    ...extra,
  };
}

export const FUNCTIONS: ImageFunctions = {
  models: [
    model('sd-offline', { name: 'SD 离线画师' }),
    model('mj-offline', { name: 'MJ 离线画师', priceText: '30积分/次', points: 30, kinds: ['imagine', 'action', 'blend', 'describe', 'swapFace'] }),
  ],
  styles: [
    { key: 'anime', name: '动漫', prompt: 'anime style' },
    { key: 'ink', name: '国风', prompt: 'chinese ink painting' },
  ],
  aspects: [...ASPECT_RATIOS],
  limits: IMAGE_LIMITS,
};

export function result(taskId: string, index: number, extra: Partial<ImageResult> = {}): ImageResult {
  return { id: `${taskId}-img${index}`, url: `/app-api/images/${taskId}-${index}.png?sig=x`, thumbUrl: `/app-api/images/${taskId}-${index}.webp?sig=x`, width: 1024, height: 1024, index, shared: false, ...extra };
}

export function task(id: string, extra: Partial<ImageTask> = {}): ImageTask {
  return {
    id,
    kind: 'txt2img',
    model: 'sd-offline',
    modelName: 'SD 离线画师',
    prompt: `提示词${id}`,
    negativePrompt: '',
    aspect: '1:1',
    width: 1024,
    height: 1024,
    count: 1,
    seed: null,
    references: [],
    parentTaskId: null,
    action: null,
    status: 'queued',
    progress: 0,
    statusText: '排队中',
    results: [],
    descriptions: [],
    error: null,
    points: 20,
    offlineDemo: true,
    actions: [],
    createTime: '2026-11-25T08:00:00.000Z',
    finishTime: null,
    ...extra,
  };
}

/** A Midjourney grid of four, done, offering every button. */
export const mjGrid = (id: string) =>
  task(id, {
    kind: 'imagine',
    model: 'mj-offline',
    modelName: 'MJ 离线画师',
    status: 'succeeded',
    progress: 100,
    count: 4,
    results: [1, 2, 3, 4].map((index) => result(id, index)),
    actions: ['U1', 'U2', 'U3', 'U4', 'V1', 'V2', 'V3', 'V4', 'reroll'],
  });

export interface FakeState {
  /** What queryTaskHistory answers. */
  history: ImageTask[];
  /** Answers of getImgByReqId / getMjTaskInfo by task id, one per poll (the last repeats). */
  polls: Map<string, ImageTask[]>;
  quote: PriceQuote;
}

/** An api answering like the server; each call is a jest mock to assert on. */
export function fakePainterApi(history: ImageTask[] = []): { api: jest.Mocked<PainterApi>; state: FakeState } {
  const state: FakeState = {
    history,
    polls: new Map(),
    quote: { model: 'sd-offline', maxCost: 20, priceText: '20积分/次', multiplier: 1, allowed: true, reason: null, reasonCode: null },
  };
  let seq = 0;
  let uploads = 0;
  const created = (kind: ImageTaskKind, fields: Partial<ImageTask>) => task(`new-${++seq}`, { kind, ...fields });
  const api: PainterApi = {
    functions: jest.fn(async () => FUNCTIONS),
    txt2img: jest.fn(async (input) => created('txt2img', { model: input.model, prompt: input.prompt, count: input.count ?? 1 })),
    img2img: jest.fn(async (input) => created('img2img', { model: input.model, prompt: input.prompt })),
    imagine: jest.fn(async (input) => created('imagine', { model: input.model, prompt: input.prompt, count: 4 })),
    action: jest.fn(async (input) => created('action', { model: 'mj-offline', parentTaskId: input.taskId, action: input.action })),
    blend: jest.fn(async (input) => created('blend', { model: input.model, prompt: '' })),
    describe: jest.fn(async (input) => created('describe', { model: input.model, prompt: '' })),
    swapFace: jest.fn(async (input) => created('swapFace', { model: input.model, prompt: '' })),
    history: jest.fn(async () => ({ list: state.history, total: state.history.length })),
    task: jest.fn(async (id: string) => {
      const answers = state.polls.get(id);
      if (!answers?.length) throw new Error(`no poll answer for ${id}`);
      return answers.length > 1 ? answers.shift()! : answers[0]!;
    }),
    remove: jest.fn(async () => {}),
    uploadReference: jest.fn(async () => {
      uploads += 1;
      return { id: `ref-${uploads}`, url: `/app-api/refs/ref-${uploads}.png?sig=x`, width: 512, height: 512 };
    }),
    share: jest.fn(async () => null),
    quote: jest.fn(async (modelId: string) => ({ ...state.quote, model: modelId })),
    refreshPoints: jest.fn(async () => {}),
  };
  return { api: api as jest.Mocked<PainterApi>, state };
}

/** A store over the fake, polling every 20 ms, signed in as the SDK session says. */
export function fakeStore(api: PainterApi): PainterStore {
  return new PainterStore(api, {
    pollMs: 20,
    signedIn: () => session.isLoggedIn,
    requireLogin: () => requireLogin(),
    account: () => (session.isLoggedIn ? 'tester' : null),
  });
}
