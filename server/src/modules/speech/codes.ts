import { createRequire } from 'node:module';
import { AppError } from '../../http/envelope.js';

const require = createRequire(import.meta.url);

// The SDK's contracts are types for the server; the codes and limits JSON are shared data, read as such.
export const SPEECH_CODES = require('@qiming/sdk/contracts/speech-codes.json') as typeof import('@qiming/sdk/contracts').SPEECH_CODES;
export const SPEECH_LIMITS = require('@qiming/sdk/contracts/speech-limits.json') as typeof import('@qiming/sdk/contracts').SPEECH_LIMITS;

export type SpeechCodeName = keyof typeof SPEECH_CODES;

/** A refusal of the speech calls: the envelope with a SPEECH_CODES code (HTTP 200 like the rest of the API). */
export const speechError = (name: SpeechCodeName, message: string) => new AppError(SPEECH_CODES[name], message);

export const SPEECH_MESSAGES = {
  inputEmpty: '没有可朗读的内容',
  inputTooLong: `朗读内容不能超过${SPEECH_LIMITS.inputMax}字`,
  audioMissing: '没有录制到音频数据',
  audioUnreadable: '音频上传不完整或格式不正确，请重新录音',
  audioTooLarge: '音频文件过大，请缩短录音时间',
  transcriptionUnavailable: '语音输入需要配置语音识别服务（TRANSCRIBE_API_BASE_URL）',
} as const;
