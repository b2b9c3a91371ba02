import type { Log } from '../../../log.js';
import type { VoicesConfig } from '../config.js';
import { cosyVoiceProvider } from './cosyVoice.js';
import { elevenLabsProvider } from './elevenLabs.js';
import { offlineProvider, type TunedSpeaker } from './offline.js';
import type { VoiceProvider } from './provider.js';

/**
 * The configured provider, and the offline demo: voices keep the provider that made them, so an
 * offline voice still speaks after a provider is configured (and the other way round a voice whose
 * provider is no longer configured is refused with a clear message).
 */
export function providersOf(config: VoicesConfig['provider'], speaker: TunedSpeaker, log: Log): { current: VoiceProvider; all: VoiceProvider[] } {
  const offline = offlineProvider(speaker);
  const current =
    config.kind === 'elevenlabs'
      ? elevenLabsProvider({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, log })
      : config.kind === 'cosyvoice'
        ? cosyVoiceProvider({ baseUrl: config.baseUrl, apiKey: config.apiKey, sampleRate: config.sampleRate, log })
        : offline;
  return { current, all: current === offline ? [offline] : [current, offline] };
}

export { VoiceProviderError, type VoiceProvider } from './provider.js';
