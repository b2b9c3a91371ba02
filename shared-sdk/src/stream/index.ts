export { streamChat, resumeStream } from './streamChat';
export { buildStreamBody, isImageOrVideoModel, type StreamBodyInput } from './body';
export { parseFollowUps } from './followUps';
export { parseChunk } from './chunkReader';
export {
  STREAM_CODES,
  type StreamTransport,
  type StreamRequestBody,
  type UploadedFile,
  type StreamChunk,
  type ConversationIds,
  type CompletedAnswer,
  type StreamHandlers,
  type StreamOptions,
  type ResumeOptions,
  type StreamOutcome,
} from './types';
