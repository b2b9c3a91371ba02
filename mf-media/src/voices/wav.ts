type PcmSource = Pick<AudioBuffer, 'numberOfChannels' | 'length' | 'sampleRate' | 'getChannelData'>;

/** 16-bit mono WAV of an AudioBuffer (channels averaged): what a recording is uploaded as. */
export function wavBytes(audio: PcmSource): ArrayBuffer {
  const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i));
  const bytes = new ArrayBuffer(44 + audio.length * 2);
  const view = new DataView(bytes);
  const text = (at: number, value: string) => [...value].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + audio.length * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, audio.sampleRate, true);
  view.setUint32(28, audio.sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, audio.length * 2, true);
  for (let i = 0; i < audio.length; i++) {
    let sum = 0;
    for (const channel of channels) sum += channel[i] ?? 0;
    const value = Math.max(-1, Math.min(1, sum / channels.length));
    view.setInt16(44 + i * 2, Math.round(value * 32767), true);
  }
  return bytes;
}

export const wavOf = (audio: PcmSource): Blob => new Blob([wavBytes(audio)], { type: 'audio/wav' });

/** A recording (webm / ogg / mp4, whatever the browser's MediaRecorder makes) decoded and written as WAV. */
export async function recordingToWav(recording: Blob): Promise<Blob> {
  const context = new AudioContext();
  try {
    return wavOf(await context.decodeAudioData(await recording.arrayBuffer()));
  } finally {
    void context.close();
  }
}
