import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Log } from '../../log.js';
import type { SpeechConfig } from './config.js';
import { LocalSynthesizer } from './localSynthesizer.js';
import { speechRoutes } from './routes.js';
import { SpeechService } from './service.js';
import { createUpstreamTranscriber } from './transcriber.js';
import { createUpstreamSynthesizer } from './upstreamSynthesizer.js';

export interface SpeechDependencies {
  config: SpeechConfig;
  requireUser: preHandlerAsyncHookHandler;
  log: Log;
}

/** The speech service with the synthesizer and transcriber the configuration names. */
export function createSpeechService({ config, log }: Omit<SpeechDependencies, 'requireUser'>): SpeechService {
  const synthesizer = config.upstream ? createUpstreamSynthesizer({ upstream: config.upstream, log }) : new LocalSynthesizer({ log });
  const transcriber = config.transcription ? createUpstreamTranscriber({ service: config.transcription, log }) : null;
  return new SpeechService(synthesizer, transcriber);
}

/** The speech routes on `server`; the local synthesizer's worker stops when the server closes. */
export async function installSpeech(server: FastifyInstance, deps: SpeechDependencies): Promise<SpeechService> {
  const service = createSpeechService(deps);
  server.addHook('onClose', () => service.close());
  await server.register(speechRoutes, { service, requireUser: deps.requireUser });
  return service;
}

export { SpeechService } from './service.js';
export { speechRoutes, type SpeechRouteOptions } from './routes.js';
export { speechConfigOf, type SpeechConfig } from './config.js';
export { SPEECH_CODES, SPEECH_LIMITS } from './codes.js';
export { speakableText } from './speakableText.js';
