import { SPEECH_CODES, SPEECH_LIMITS } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

export { SPEECH_CODES, SPEECH_LIMITS };

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
  clonesUnavailable: '复刻音色暂不可用，请在设置中换一个音色',
} as const;
