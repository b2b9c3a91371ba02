import { json, type FakeServer, type Reply, solidPng, startFakeServer } from './fakeHttp.js';

interface FakeTask {
  id: string;
  action: 'IMAGINE' | 'UPSCALE' | 'VARIATION' | 'REROLL' | 'BLEND' | 'DESCRIBE' | 'SWAP_FACE';
  prompt: string;
  /** How many fetches it has answered: each moves it on (NOT_START → SUBMITTED → IN_PROGRESS 30% → 70% → SUCCESS). */
  fetches: number;
  fail: string | null;
}

export interface FakeMidjourneyProxy extends FakeServer {
  tasks: Map<string, FakeTask>;
  /** The next submit answers this instead. */
  failNext(reply: Reply): void;
  /** The next task submitted ends in FAILURE with this reason. */
  failNextTask(reason: string): void;
}

const GRID_ACTIONS = new Set(['IMAGINE', 'VARIATION', 'REROLL', 'BLEND']);
const STEPS = [
  { status: 'NOT_START', progress: '0%' },
  { status: 'SUBMITTED', progress: '0%' },
  { status: 'IN_PROGRESS', progress: '30%' },
  { status: 'IN_PROGRESS', progress: '70%' },
] as const;

/** The buttons Discord shows under a grid, with midjourney-proxy's customIds. */
function gridButtons(hash: string) {
  return [
    ...[1, 2, 3, 4].map((i) => ({ customId: `MJ::JOB::upsample::${i}::${hash}`, emoji: '', label: `U${i}`, type: 2, style: 2 })),
    { customId: `MJ::JOB::reroll::0::${hash}::SOLO`, emoji: '🔄', label: '', type: 2, style: 2 },
    ...[1, 2, 3, 4].map((i) => ({ customId: `MJ::JOB::variation::${i}::${hash}`, emoji: '', label: `V${i}`, type: 2, style: 2 })),
  ];
}

const DESCRIBE_PROMPT = '1️⃣ a red fox in a snowy forest, soft light --ar 1:1\n\n2️⃣ winter woodland with a fox, watercolor\n\n3️⃣ fox portrait, cinematic, shallow depth of field\n\n4️⃣ minimalist illustration of a fox in snow';

/**
 * novicezk/midjourney-proxy's task protocol: POST /mj/submit/{imagine,action,blend,describe} and
 * /mj/insight-face/swap with the `mj-api-secret` header → { code, description, result: taskId };
 * GET /mj/task/{id}/fetch → the task (status, progress "40%", imageUrl, buttons, failReason…).
 * A prompt containing "forbidden" is refused with code 24 (banned prompt).
 */
export async function startFakeMidjourneyProxy(secret = 'mj-secret'): Promise<FakeMidjourneyProxy> {
  const tasks = new Map<string, FakeTask>();
  let pending: Reply | null = null;
  let failTask: string | null = null;
  let nextId = 1717000000000;
  const submit = (action: FakeTask['action'], prompt: string): Reply => {
    const id = String(nextId++);
    tasks.set(id, { id, action, prompt, fetches: 0, fail: failTask });
    failTask = null;
    return json({ code: tasks.size % 2 === 0 ? 22 : 1, description: tasks.size % 2 === 0 ? '排队中，前面还有1个任务' : '提交成功', result: id, properties: {} });
  };
  const fake: FakeMidjourneyProxy = Object.assign(
    await startFakeServer(async (request) => {
      if (request.headers['mj-api-secret'] !== secret) return json({ code: 401, description: 'unauthorized' }, 401);
      const image = /^\/mj\/image\/(\d+)\.png$/.exec(request.path);
      if (image) {
        const task = tasks.get(image[1]!);
        return task ? { status: 200, bytes: await solidPng(GRID_ACTIONS.has(task.action) ? 64 : 32, GRID_ACTIONS.has(task.action) ? 64 : 32, Number(task.id) % 360), contentType: 'image/png' } : json(null, 404);
      }
      const fetch = /^\/mj\/task\/([^/]+)\/fetch$/.exec(request.path);
      if (request.method === 'GET' && fetch) {
        const task = tasks.get(fetch[1]!);
        if (!task) return json(null);
        const step = STEPS[task.fetches++];
        const base = { id: task.id, action: task.action, prompt: task.prompt, promptEn: task.prompt, description: '', submitTime: 1, startTime: 2, finishTime: 0, imageUrl: null, buttons: [], properties: {} };
        if (step) return json({ ...base, ...step });
        if (task.fail) return json({ ...base, status: 'FAILURE', progress: '', failReason: task.fail });
        const success = { ...base, status: 'SUCCESS', progress: '100%', finishTime: 3 };
        if (task.action === 'DESCRIBE') return json({ ...success, prompt: DESCRIBE_PROMPT, properties: { finalPrompt: DESCRIBE_PROMPT }, imageUrl: `${fake.baseUrl}/mj/image/${task.id}.png` });
        return json({ ...success, imageUrl: `${fake.baseUrl}/mj/image/${task.id}.png`, buttons: GRID_ACTIONS.has(task.action) ? gridButtons(`hash${task.id}`) : [], properties: { finalPrompt: task.prompt } });
      }
      if (request.method !== 'POST') return json(null, 404);
      if (pending) {
        const reply = pending;
        pending = null;
        return reply;
      }
      const body = request.body as Record<string, unknown>;
      switch (request.path) {
        case '/mj/submit/imagine':
          if (String(body.prompt).includes('forbidden')) return json({ code: 24, description: '可能包含敏感词', result: null, properties: { promptEn: body.prompt, bannedWord: 'forbidden' } });
          return submit('IMAGINE', String(body.prompt));
        case '/mj/submit/action': {
          const parent = tasks.get(String(body.taskId));
          const customId = String(body.customId);
          if (!parent || !customId.includes(`hash${parent.id}`)) return json({ code: 4, description: 'customId 无效', result: null });
          const action = customId.includes('::upsample::') ? 'UPSCALE' : customId.includes('::variation::') ? 'VARIATION' : 'REROLL';
          return submit(action, parent.prompt);
        }
        case '/mj/submit/blend':
          if (!Array.isArray(body.base64Array) || body.base64Array.length < 2) return json({ code: 4, description: 'base64List参数错误', result: null });
          return submit('BLEND', '');
        case '/mj/submit/describe':
          return submit('DESCRIBE', '');
        case '/mj/insight-face/swap':
          return submit('SWAP_FACE', '');
        default:
          return json(null, 404);
      }
    }),
    { tasks, failNext: (reply: Reply) => void (pending = reply), failNextTask: (reason: string) => void (failTask = reason) },
  );
  return fake;
}
