import type { CreateVideoRequest, Page, PriceQuote, ReferenceImage, VideoCall, VideoModels, VideoTask } from '@qiming/sdk/contracts';
import { VIDEO_LIMITS } from '@qiming/sdk/contracts';
import type { VideoApi } from '../api/videoApi';
import { checkFirstFrameFile } from './rules';
import { VideoStore } from './videoStore';

const MODELS: VideoModels = {
  limits: VIDEO_LIMITS,
  models: [
    { id: 'veo3-pro', name: 'Veo 3 Pro', icon: null, priceText: '65000积分/次', points: 65000, api: 'createTask', kinds: ['text2video', 'image2video'], durations: [8], aspects: ['16:9', '9:16'], offlineDemo: true, membersOnly: true },
    { id: 'luma-vip-video', name: 'Luma 视频', icon: null, priceText: '10000积分/次', points: 10000, api: 'createTask', kinds: ['text2video', 'image2video'], durations: [5, 9], aspects: ['16:9', '9:16', '1:1'], offlineDemo: true, membersOnly: false },
    { id: 'sora-2', name: 'Sora 2', icon: null, priceText: '30000积分/次', points: 30000, api: 'createSoraTask', kinds: ['text2video', 'image2video'], durations: [4, 8, 12], aspects: ['16:9', '9:16'], offlineDemo: true, membersOnly: false },
  ],
};

const taskOf = (id: string, fields: Partial<VideoTask> = {}): VideoTask => ({
  id,
  kind: 'text2video',
  model: 'luma-vip-video',
  modelName: 'Luma 视频',
  prompt: '海边',
  duration: 5,
  aspect: '16:9',
  firstFrameUrl: null,
  status: 'queued',
  progress: 0,
  statusText: '排队中',
  error: null,
  points: 10000,
  offlineDemo: true,
  result: null,
  createTime: '2026-01-01T00:00:00.000Z',
  finishTime: null,
  ...fields,
});

/** A fake api whose tasks move on one step per status call. */
class FakeVideoApi implements VideoApi {
  created: Array<[VideoCall, CreateVideoRequest]> = [];
  statusCalls: string[] = [];
  steps = new Map<string, VideoTask[]>();
  async models() {
    return MODELS;
  }
  async create(call: VideoCall, input: CreateVideoRequest) {
    this.created.push([call, input]);
    const id = `t${this.created.length}`;
    this.steps.set(id, [taskOf(id, { status: 'running', progress: 40 }), taskOf(id, { status: 'succeeded', progress: 100 })]);
    return taskOf(id, { model: input.model, prompt: input.prompt });
  }
  async page(): Promise<Page<VideoTask>> {
    return { total: 1, list: [taskOf('old', { status: 'succeeded' })] };
  }
  async status(taskId: string) {
    this.statusCalls.push(taskId);
    const steps = this.steps.get(taskId)!;
    return steps.length > 1 ? steps.shift()! : steps[0]!;
  }
  async remove() {}
  async uploadFirstFrame(file: File): Promise<ReferenceImage> {
    return { id: `ref-${file.name}`, url: '/ref', width: 10, height: 10 };
  }
  async quote(model: string): Promise<PriceQuote> {
    return { model, maxCost: model === 'sora-2' ? 24000 : 8000, allowed: true, reason: null, reasonCode: null } as unknown as PriceQuote;
  }
  async refreshPoints() {}
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

function storeWith(api: FakeVideoApi, signedIn = true) {
  const asked: number[] = [];
  const store = new VideoStore(api, { pollMs: 5, signedIn: () => signedIn, requireLogin: () => (asked.push(1), signedIn), account: () => (signedIn ? 'alice' : null) });
  return { store, asked };
}

describe('VideoStore', () => {
  it('preselects the first model the user may use (not a members-only one), offers only its durations and aspects, and quotes its price', async () => {
    const api = new FakeVideoApi();
    const { store } = storeWith(api);
    store.setShown(true);
    await waitFor(() => store.cost !== null);
    expect([store.modelId, store.durations, store.duration, store.aspect, store.cost]).toEqual(['luma-vip-video', [5, 9], 5, '16:9', 8000]);
    store.setAspect('1:1');
    store.setDuration(9);
    store.setDuration(7);
    expect([store.duration, store.aspect]).toEqual([9, '1:1']);
    store.setModel('sora-2');
    // 9 s and 1:1 are not Sora's: back to its first choices.
    expect([store.durations, store.duration, store.aspects, store.aspect]).toEqual([[4, 8, 12], 4, ['16:9', '9:16'], '16:9']);
    await waitFor(() => store.cost === 24000);
    store.dispose();
  });

  it('takes the model a link asks for (?model=) once the models are known, and only a model it offers', async () => {
    const asked = storeWith(new FakeVideoApi()).store;
    asked.requestModel('sora-2');
    asked.setShown(true);
    await waitFor(() => asked.cost !== null);
    expect(asked.modelId).toBe('sora-2');
    asked.requestModel('no-such-model');
    expect(asked.modelId).toBe('sora-2');
    asked.dispose();

    const unknown = storeWith(new FakeVideoApi()).store;
    unknown.requestModel('no-such-model');
    unknown.setShown(true);
    await waitFor(() => unknown.cost !== null);
    expect(unknown.modelId).toBe('luma-vip-video');
    unknown.dispose();
  });

  it('says why 生成 waits: no description, too long, no first frame', async () => {
    const api = new FakeVideoApi();
    const { store } = storeWith(api);
    await store.loadModels();
    expect(store.problem?.key).toBe('video.invalid.noPrompt');
    store.setPrompt('长'.repeat(VIDEO_LIMITS.prompt + 1));
    expect(store.problem?.key).toBe('video.invalid.promptTooLong');
    store.setPrompt('海边日落');
    expect(store.problem).toBeNull();
    store.setKind('image2video');
    expect(store.problem?.key).toBe('video.invalid.noFirstFrame');
    await store.pickFirstFrame(new File(['x'], 'a.svg', { type: 'image/svg+xml' }));
    expect(store.firstFrameNotice?.key).toBe('video.firstFrame.badType');
    await store.pickFirstFrame(new File(['x'], 'a.png', { type: 'image/png' }));
    expect([store.problem, store.firstFrame?.id]).toEqual([null, 'ref-a.png']);
  });

  it('submits through the model’s own call and polls only the running task until it is done', async () => {
    const api = new FakeVideoApi();
    const { store } = storeWith(api);
    store.setShown(true);
    await waitFor(() => store.tasksLoaded);
    store.setModel('sora-2');
    store.setPrompt('  柴犬在雪地里奔跑  ');
    store.setKind('image2video');
    await store.pickFirstFrame(new File(['x'], 'dog.jpg', { type: 'image/jpeg' }));
    await store.submit();
    expect(api.created).toEqual([['createSoraTask', { model: 'sora-2', kind: 'image2video', prompt: '柴犬在雪地里奔跑', duration: 4, aspect: '16:9', firstFrame: 'ref-dog.jpg' }]]);
    expect(store.tasks.map((task) => task.id)).toEqual(['t1', 'old']);
    await waitFor(() => store.tasks[0]!.status === 'succeeded');
    await flush();
    const calls = api.statusCalls.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    // Nothing active: no more polls; the finished task was never asked about the old one.
    expect(api.statusCalls.length).toBe(calls);
    expect(api.statusCalls.every((id) => id === 't1')).toBe(true);
    store.dispose();
  });

  it('stops polling while the browser tab is hidden and resumes when it is seen', async () => {
    const api = new FakeVideoApi();
    const { store } = storeWith(api);
    store.setShown(true);
    await waitFor(() => store.catalog !== null);
    store.setPrompt('海边');
    store.setVisible(false);
    await store.submit();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(api.statusCalls).toEqual([]);
    store.setVisible(true);
    await waitFor(() => store.tasks[0]!.status === 'succeeded');
    store.dispose();
  });

  it('asks a signed-out visitor to log in instead of sending', async () => {
    const api = new FakeVideoApi();
    const { store, asked } = storeWith(api, false);
    await store.loadModels();
    store.setPrompt('海边');
    await store.submit();
    expect([asked.length, api.created.length]).toEqual([1, 0]);
  });
});

describe('checkFirstFrameFile', () => {
  it('goes by the type (or the extension), refuses empty and too large files', () => {
    expect(checkFirstFrameFile(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeNull();
    expect(checkFirstFrameFile(new File(['x'], 'a.JPG'))).toBeNull();
    expect(checkFirstFrameFile(new File([], 'a.png', { type: 'image/png' }))?.key).toBe('video.firstFrame.empty');
    const big = new File([new Uint8Array(VIDEO_LIMITS.firstFrameMaxBytes + 1)], 'big.png', { type: 'image/png' });
    expect(checkFirstFrameFile(big)?.key).toBe('video.firstFrame.tooLarge');
  });
});
