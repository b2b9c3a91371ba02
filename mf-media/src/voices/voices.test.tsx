import { act, fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import { eventBus, session, type AppEvents } from '@qiming/sdk';
import type { VoiceClone, VoiceCloneCapabilities, VoiceSample } from '@qiming/sdk/contracts';
import { VOICE_LIMITS } from '@qiming/sdk/contracts';
import { UiProvider } from '@qiming/sdk/ui';
import { VoicesApiProvider, type VoicesApi } from '../api/voicesApi';
import { VoiceClonePage } from './VoiceClonePage';
import { VoicesStore } from './voicesStore';
import { wavBytes } from './wav';

const caps = (change: Partial<VoiceCloneCapabilities> = {}): VoiceCloneCapabilities => ({
  provider: 'offline',
  offlineDemo: true,
  needsTranscript: false,
  points: 0,
  consentText: '我确认上传的声音是我本人的声音。',
  limits: VOICE_LIMITS,
  ...change,
});

const sample = (id: string, change: Partial<VoiceSample> = {}): VoiceSample => ({
  id,
  format: 'wav',
  bytes: 1000,
  durationMs: 8200,
  loudnessDb: -18.4,
  silenceRatio: 0.12,
  pitchHz: 182.3,
  syllablesPerSecond: 4.1,
  inUse: false,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...change,
});

const voice = (id: string, change: Partial<VoiceClone> = {}): VoiceClone => ({
  id,
  name: '我的声音',
  voice: `clone:${id}`,
  sampleId: 's1',
  status: 'succeeded',
  progress: 100,
  error: null,
  provider: 'offline',
  offlineDemo: true,
  points: 0,
  pitchHz: 182.3,
  syllablesPerSecond: 4.1,
  durationMs: 8200,
  consentAt: '2030-01-01T00:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  finishedAt: '2030-01-01T00:00:01.000Z',
  ...change,
});

function fakeApi(change: Partial<VoicesApi> = {}): VoicesApi & Record<keyof VoicesApi, ReturnType<typeof jest.fn>> {
  return {
    capabilities: jest.fn(async () => caps()),
    samples: jest.fn(async () => []),
    upload: jest.fn(async () => sample('s1')),
    deleteSample: jest.fn(async () => undefined),
    clone: jest.fn(async () => voice('v1', { status: 'queued', progress: 0, finishedAt: null })),
    voices: jest.fn(async () => []),
    voice: jest.fn(async () => voice('v1')),
    tryVoice: jest.fn(async () => new Blob([new Uint8Array([0xff, 0xf3, 0x44, 0xc4])], { type: 'audio/mpeg' })),
    deleteVoice: jest.fn(async () => undefined),
    refreshPoints: jest.fn(async () => undefined),
    ...change,
  } as never;
}

const render = (api: VoicesApi) =>
  renderBare(
    <UiProvider>
      <VoicesApiProvider value={api}>
        <VoiceClonePage />
      </VoicesApiProvider>
    </UiProvider>,
  );

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:test';
  URL.revokeObjectURL ??= () => undefined;
});
beforeEach(() => window.history.replaceState(null, '', '/soundClone'));
afterEach(() => session.clear());

describe('/soundClone', () => {
  it('shows the page and the offline notice signed out, and asks for login to upload', async () => {
    const api = fakeApi();
    const asked: AppEvents['auth:required'][] = [];
    const off = eventBus.on('auth:required', (event) => void asked.push(event));
    render(api);
    expect((await screen.findByTestId('voices-offline-notice')).textContent).toContain('不会复刻你的音色');
    expect((screen.getByTestId('clone-cost')).textContent).toContain('离线演示，不消耗积分');
    fireEvent.click(screen.getByTestId('upload-sample'));
    expect(asked).toEqual([{ returnTo: '/soundClone' }]);
    expect(api.samples).not.toHaveBeenCalled();
    off();
  });

  it('uploads a file, shows its checks, says why cloning waits, clones, polls to ready, tries and deletes', async () => {
    session.setTokens('access', 'refresh');
    const api = fakeApi();
    render(api);
    await screen.findByTestId('upload-sample');
    const input = screen.getByTestId('sample-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByTestId('sample-error')).textContent).toContain('只支持 WAV、MP3、M4A 音频文件');
    expect(api.upload).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { files: [new File(['RIFF'], 'me.wav', { type: 'audio/wav' })] } });
    const row = await screen.findByTestId('sample');
    expect((within(row).getByTestId('sample-checks')).textContent).toContain('时长 8.2 秒');
    expect((within(row).getByTestId('sample-checks')).textContent).toContain('音高 182 Hz');
    expect((screen.getByTestId('clone-blocker')).textContent).toContain('请输入音色名称');
    fireEvent.change(screen.getByTestId('voice-name'), { target: { value: '我的声音' } });
    expect((screen.getByTestId('clone-blocker')).textContent).toContain('请先勾选授权声明');
    expect((screen.getByTestId('start-clone') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('voice-consent'));
    expect(screen.queryByTestId('clone-blocker')).toBeNull();

    fireEvent.click(screen.getByTestId('start-clone'));
    await waitFor(() => expect(api.clone).toHaveBeenCalledWith({ name: '我的声音', sampleId: 's1', consent: true, transcript: '' }));
    expect((await screen.findByTestId('voice-status')).textContent).toContain('排队中');
    await waitFor(() => expect((screen.getByTestId('voice-status')).textContent).toContain('可使用'), { timeout: 4000 });
    expect(api.refreshPoints).toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('try-text'), { target: { value: '长'.repeat(501) } });
    expect((screen.getByTestId('try-voice') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('try-text'), { target: { value: '试一试' } });
    fireEvent.click(screen.getByTestId('try-voice'));
    await waitFor(() => expect(api.tryVoice).toHaveBeenCalledWith('v1', '试一试'));
    expect(await screen.findByTestId('try-audio')).toBeTruthy();
    expect(screen.getByTestId('download-try')).toBeTruthy();

    fireEvent.click(screen.getByTestId('delete-voice'));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(api.deleteVoice).toHaveBeenCalledWith('v1'));
    await waitFor(() => expect(screen.queryByTestId('voice')).toBeNull());
  });

  it('asks for the transcript when the provider needs it and shows the price', async () => {
    session.setTokens('access', 'refresh');
    const api = fakeApi({ capabilities: jest.fn(async () => caps({ provider: 'cosyvoice', offlineDemo: false, needsTranscript: true, points: 1000 })), samples: jest.fn(async () => [sample('s1')]) });
    render(api);
    expect((await screen.findByTestId('clone-cost')).textContent).toContain('本次消耗 1000 积分');
    expect(screen.queryByTestId('voices-offline-notice')).toBeNull();
    fireEvent.change(screen.getByTestId('voice-name'), { target: { value: '讲解员' } });
    expect((screen.getByTestId('clone-blocker')).textContent).toContain('请填写样本中朗读的文字');
  });
});

describe('VoicesStore', () => {
  it('refuses a file over 10 MB before sending it, and keeps a failed clone with its reason', async () => {
    const api = fakeApi({
      voices: jest.fn(async () => [voice('v2', { status: 'running', progress: 30 })]),
      voice: jest.fn(async () => voice('v2', { status: 'failed', error: '复刻失败，积分已退回' })),
    });
    const store = new VoicesStore(api, { signedIn: () => true, requireLogin: () => true, readAloudVoice: () => 'onyx', useForReadAloud: async () => undefined, reloadSettings: async () => undefined }, 10);
    await store.load();
    const big = new File([new Uint8Array(VOICE_LIMITS.sampleMaxBytes + 1)], 'big.wav', { type: 'audio/wav' });
    await store.uploadFile(big);
    expect(store.sampleError?.key).toBe('voices.error.size');
    expect(api.upload).not.toHaveBeenCalled();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(store.voices[0]?.error).toBe('复刻失败，积分已退回');
    expect(store.hasActive).toBe(false);
    store.dispose();
  });

  it('writes a recording as 16-bit mono WAV', () => {
    const left = new Float32Array([0, 0.5, -0.5, 1]);
    const right = new Float32Array([0, 0.5, 0.5, 1]);
    const wav = wavBytes({ numberOfChannels: 2, length: 4, sampleRate: 8000, getChannelData: (i: number) => (i === 0 ? left : right) });
    const bytes = new DataView(wav);
    expect(wav.byteLength).toBe(44 + 8);
    expect(bytes.getUint32(24, true)).toBe(8000);
    expect([0, 1, 2, 3].map((i) => bytes.getInt16(44 + i * 2, true))).toEqual([0, 16384, 0, 32767]);
  });
});
