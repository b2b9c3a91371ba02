import { dataOf, request } from '@qiming/sdk';
import type { UploadResult } from '@qiming/sdk/contracts';

/** POST backend-api/uploadChatKnowledge2 (multipart: file, gptType) with upload progress. */
export function uploadFile(file: File, model: string, onProgress: (percent: number) => void): Promise<UploadResult> {
  const form = new FormData();
  form.append('gptType', model);
  form.append('file', file, file.name);
  return dataOf(request.upload<UploadResult>('backend-api/uploadChatKnowledge2', form, onProgress));
}
