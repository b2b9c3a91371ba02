import { makeAutoObservable, runInAction } from 'mobx';
import { extensionOf, FILE_LIMITS, uploadRuleFor } from '@qiming/sdk';
import type { UploadResult } from '@qiming/sdk/contracts';
import { t } from '../i18n';

export interface UploadDeps {
  isLoggedIn(): boolean;
  /** The spec's login confirm (请在登录后上传文件). */
  askLogin(message: string): void;
  warn(message: string): void;
  send(file: File, model: string, onProgress: (percent: number) => void): Promise<UploadResult>;
  attach(file: UploadResult): void;
}

export type UploadPhase = { kind: 'idle' } | { kind: 'uploading'; percent: number; name: string } | { kind: 'parsing'; name: string };

/**
 * One upload at a time (spec chat §4: idle → parsing → done): the checks the browser can make
 * before sending (login, one parse at a time, the model's types, size), the transfer with its
 * progress, then 正在解析... until the server has read the file.
 */
export class UploadStore {
  phase: UploadPhase = { kind: 'idle' };

  constructor(private readonly deps: UploadDeps) {
    makeAutoObservable<this, 'deps'>(this, { deps: false });
  }

  get busy(): boolean {
    return this.phase.kind !== 'idle';
  }

  /** The file chooser's accept list for a model ('' = anything the server reads). */
  static acceptFor(model: string): string {
    return uploadRuleFor(model)?.extensions.map((extension) => `.${extension}`).join(',') ?? '';
  }

  async upload(file: File, model: string): Promise<boolean> {
    if (!this.deps.isLoggedIn()) {
      this.deps.askLogin(t('upload.loginRequired'));
      return false;
    }
    if (this.busy) {
      this.deps.warn(t('upload.waitForParse'));
      return false;
    }
    const rule = uploadRuleFor(model);
    if (rule && !rule.extensions.includes(extensionOf(file.name))) {
      this.deps.warn(rule.message);
      return false;
    }
    if (file.size === 0) {
      this.deps.warn(t('upload.empty'));
      return false;
    }
    if (file.size > FILE_LIMITS.maxBytes) {
      this.deps.warn(t('upload.tooLarge', { mb: FILE_LIMITS.maxBytes / 1024 / 1024 }));
      return false;
    }
    this.phase = { kind: 'uploading', percent: 0, name: file.name };
    try {
      const result = await this.deps.send(file, model, (percent) =>
        runInAction(() => {
          this.phase = percent >= 100 ? { kind: 'parsing', name: file.name } : { kind: 'uploading', percent, name: file.name };
        }),
      );
      this.deps.attach(result);
      return true;
    } catch {
      // the request client has shown the server's reason
      return false;
    } finally {
      runInAction(() => (this.phase = { kind: 'idle' }));
    }
  }
}
