import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Log } from '../../log.js';
import type { ServerModule } from '../module.js';
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
  const local = () => new LocalSynthesizer({ log, workers: config.local.workers, perUserLimit: config.local.perUser, queueLimit: config.local.queue });
  const synthesizer = config.upstream ? createUpstreamSynthesizer({ upstream: config.upstream, log }) : local();
  const transcriber = config.transcription ? createUpstreamTranscriber({ service: config.transcription, log }) : null;
  return new SpeechService(synthesizer, transcriber, local);
}

/** The speech routes; close stops the local synthesizer's worker. */
export function createSpeechModule(deps: SpeechDependencies): ServerModule<SpeechService> {
  const service = createSpeechService(deps);
  return { service, routes: (app) => speechRoutes(app, { service, requireUser: deps.requireUser }), close: () => service.close() };
}

export { SpeechService } from './service.js';
export { speechRoutes, type SpeechRouteOptions } from './routes.js';
export { speechConfigOf, type SpeechConfig } from './config.js';
export { SPEECH_CODES, SPEECH_LIMITS } from './codes.js';
export { speakableText } from './speakableText.js';
