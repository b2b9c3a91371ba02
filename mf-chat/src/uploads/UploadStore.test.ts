import type { UploadResult } from '@qiming/sdk/contracts';
import { UploadStore, type UploadDeps } from './UploadStore';

const result: UploadResult = { knowledgeId: 'k1', fileContent: '正文', url: '/f/k1', name: 'a.pdf', kind: 'pdf', mime: 'application/pdf', size: 3, ocr: false };

function setup(overrides: Partial<UploadDeps> = {}) {
  const calls = { warn: [] as string[], login: [] as string[], attached: [] as UploadResult[] };
  let finish: (value: UploadResult) => void = () => undefined;
  const deps: UploadDeps = {
    isLoggedIn: () => true,
    askLogin: (message) => calls.login.push(message),
    warn: (message) => calls.warn.push(message),
    send: (_file, _model, onProgress) => {
      onProgress(40);
      onProgress(100);
      return new Promise((resolve) => (finish = resolve));
    },
    attach: (file) => calls.attached.push(file),
    ...overrides,
  };
  return { store: new UploadStore(deps), calls, finish: (value: UploadResult) => finish(value) };
}

const file = (name: string, size = 3) => new File([new Uint8Array(size)], name);

describe('UploadStore', () => {
  it('uploads, shows 正在解析 once the bytes are sent, attaches the result', async () => {
    const { store, calls, finish } = setup();
    const done = store.upload(file('a.pdf'), 'gpt-4o');
    expect(store.phase).toEqual({ kind: 'parsing', name: 'a.pdf' });
    finish(result);
    await expect(done).resolves.toBe(true);
    expect(calls.attached).toEqual([result]);
    expect(store.phase.kind).toBe('idle');
  });

  it('refuses a second upload while one is parsing, with the spec text', async () => {
    const { store, calls, finish } = setup();
    const first = store.upload(file('a.pdf'), 'gpt-4o');
    await expect(store.upload(file('b.pdf'), 'gpt-4o')).resolves.toBe(false);
    expect(calls.warn).toEqual(['请等待当前文件解析完成后再次进行上传']);
    finish(result);
    await first;
  });

  it('applies the model type rules of spec §5', async () => {
    const { store, calls } = setup();
    await store.upload(file('a.pdf'), 'glm-4v');
    await store.upload(file('a.docx'), 'pdf-to-text');
    expect(calls.warn).toEqual(['当前模型仅支持 PNG(.png)、JPEG(.jpeg和 jpg)图片的分析', 'pdf转换目前仅支持 pdf文件的文本提取']);
  });

  it('asks a signed-out user to log in first', async () => {
    const { store, calls } = setup({ isLoggedIn: () => false });
    await expect(store.upload(file('a.pdf'), 'gpt-4o')).resolves.toBe(false);
    expect(calls.login).toEqual(['请在登录后上传文件']);
  });

  it('refuses an empty file before sending it', async () => {
    const send = jest.fn();
    const { store, calls } = setup({ send });
    await store.upload(file('a.txt', 0), 'gpt-4o');
    expect(send).not.toHaveBeenCalled();
    expect(calls.warn).toHaveLength(1);
  });
});
