import { createContext, useContext } from 'react';
import { ApiError, dataOf, points, request } from '@qiming/sdk';
import type { CloneVoiceRequest, VoiceClone, VoiceCloneCapabilities, VoiceSample } from '@qiming/sdk/contracts';

/**
 * The calls of the voice-cloning contract (contracts/src/voices.ts) the /soundClone page makes. The
 * page reads them from context so tests hand in a fake.
 */
export interface VoicesApi {
  capabilities(): Promise<VoiceCloneCapabilities>;
  samples(): Promise<VoiceSample[]>;
  upload(file: Blob, name: string, onProgress?: (percent: number) => void): Promise<VoiceSample>;
  deleteSample(id: string): Promise<void>;
  clone(input: CloneVoiceRequest): Promise<VoiceClone>;
  voices(): Promise<VoiceClone[]>;
  /** Quiet: polled while a clone runs. */
  voice(id: string): Promise<VoiceClone>;
  /** MP3 of the text in the voice. */
  tryVoice(voiceId: string, text: string): Promise<Blob>;
  deleteVoice(id: string): Promise<void>;
  /** The navbar's balance after a hold or a settlement. */
  refreshPoints(): Promise<void>;
}

const audioOf = async (blob: Blob | null): Promise<Blob> => {
  if (!blob) throw new ApiError(0, 'request skipped', 'http');
  return blob;
};

export const voicesApi: VoicesApi = {
  capabilities: () => dataOf(request.get<VoiceCloneCapabilities>('tts/capabilities', undefined, { silent: true })),
  samples: () => dataOf(request.get<VoiceSample[]>('tts/samples', undefined, { silent: true })),
  upload: (file, name, onProgress) => {
    const form = new FormData();
    form.append('file', file, name);
    return dataOf(request.upload<VoiceSample>('tts/uploadWav', form, onProgress));
  },
  deleteSample: async (id) => {
    await dataOf(request.post<null>('tts/deleteSample', { id }));
  },
  clone: (input) => dataOf(request.post<VoiceClone>('tts/clone', input)),
  voices: () => dataOf(request.get<VoiceClone[]>('tts/voices', undefined, { silent: true })),
  voice: (id) => dataOf(request.get<VoiceClone>('tts/voice', { id }, { silent: true })),
  tryVoice: async (voiceId, text) => audioOf(await request.blob('tts/try', { voiceId, text })),
  deleteVoice: async (id) => {
    await dataOf(request.post<null>('tts/deleteVoice', { id }));
  },
  refreshPoints: () => points.refresh(),
};

const VoicesApiContext = createContext<VoicesApi>(voicesApi);
export const VoicesApiProvider = VoicesApiContext.Provider;
export const useVoicesApi = () => useContext(VoicesApiContext);
