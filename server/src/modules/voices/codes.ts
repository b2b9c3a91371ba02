import { VOICE_CODES, VOICE_LIMITS } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

export { VOICE_CODES, VOICE_LIMITS };

const { sampleMinSeconds, sampleMaxSeconds, nameMax, tryTextMax, maxVoices, maxSamples, transcriptMax } = VOICE_LIMITS;

/**
 * Every user-facing text of the module, in Chinese (the international edition's English is in
 * locale/enUS.ts, keyed by these).
 */
export const VOICE_MESSAGES = {
  noFile: '请选择要上传的音频文件',
  tooLarge: '音频文件不能超过 10MB',
  formUnreadable: '音频上传不完整或格式不正确，请重新上传',
  notAudio: '无法识别的音频格式，请上传 WAV、MP3 或 M4A 文件',
  damaged: '音频文件已损坏或编码不受支持，请重新录制或换一个文件',
  tooShort: `音频太短：至少需要 ${sampleMinSeconds} 秒清晰的说话声`,
  tooLong: `音频太长：最多 ${sampleMaxSeconds} 秒，请剪短后再上传`,
  silent: '没有检测到声音，请检查麦克风后重新录制',
  tooQuiet: '声音太小，请靠近麦克风、提高音量后重新录制',
  tooMuchSilence: '录音中静音太多，请连续朗读一段文字后重新录制',
  tooManySamples: `最多保留 ${maxSamples} 个样本，请先删除不用的样本`,
  sampleNotFound: '样本不存在或已删除，请重新上传',
  sampleInUse: '该样本正被音色使用，删除音色时会一并删除',
  voiceNotFound: '音色不存在或已删除',
  voiceNotReady: '音色还在复刻中，请完成后再试',
  voiceFailed: '该音色复刻失败，无法使用',
  consentMissing: '请先勾选声音授权声明',
  nameEmpty: '请输入音色名称',
  nameTooLong: `音色名称不能超过 ${nameMax} 个字`,
  transcriptMissing: '请填写样本中朗读的文字（当前复刻服务需要）',
  transcriptTooLong: `样本文字不能超过 ${transcriptMax} 个字`,
  tooManyVoices: `最多保留 ${maxVoices} 个音色，请先删除不用的音色`,
  textEmpty: '请输入要试听的文字',
  textTooLong: `试听文字不能超过 ${tryTextMax} 个字`,
  voiceRunning: '音色正在复刻，请等待完成后再删除',
  // Why a clone failed (VoiceClone.error).
  timedOut: '复刻超时，积分已退回',
  queueTimedOut: '排队超时，积分已退回',
  interrupted: '服务重启，复刻已中断，积分已退回',
  failed: '复刻失败，积分已退回',
  sampleGone: '样本文件已丢失，复刻失败，积分已退回',
} as const;

/** Status texts of a clone. */
export const STATUS_TEXTS = { queued: '排队中', running: '复刻中', succeeded: '可使用', failed: '失败' } as const;

const refusal = (key: keyof typeof VOICE_CODES, message: string) => new AppError(VOICE_CODES[key], message);

export const badSample = (message: string) => refusal('badSample', message);
export const sampleNotFound = () => refusal('sampleNotFound', VOICE_MESSAGES.sampleNotFound);
export const voiceNotFound = () => refusal('voiceNotFound', VOICE_MESSAGES.voiceNotFound);
export const voiceNotReady = (message: string = VOICE_MESSAGES.voiceNotReady) => refusal('voiceNotReady', message);
export const consentMissing = () => refusal('consentMissing', VOICE_MESSAGES.consentMissing);
export const tooManyVoices = () => refusal('tooManyVoices', VOICE_MESSAGES.tooManyVoices);
export const sampleInUse = () => refusal('sampleInUse', VOICE_MESSAGES.sampleInUse);
export const transcriptMissing = () => refusal('transcriptMissing', VOICE_MESSAGES.transcriptMissing);
export const synthesisFailed = (message: string) => refusal('synthesisFailed', message);
