// The package ships no typings: what its espeak-ng.js exports and this module uses.
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type: string;
    text_position: number;
    word_length: number;
    audio_position: number;
  }

  export interface EspeakNGWorker {
    /** 0 when the voice (name, optionally `+variant`) was set; another number when it is unknown. */
    set_voice(name: string): number;
    /** Words per minute (80–450). */
    set_rate(wordsPerMinute: number): void;
    /** Base pitch, 0–100 (50 is the voice's own); set after the voice, which resets it. */
    set_pitch(pitch: number): void;
    get_samplerate(): number;
    /**
     * Synthesizes synchronously; `callback` gets each piece of 16-bit mono PCM (a copy) and
     * returns true to stop.
     */
    synthesize(text: string, callback: (samples: Int16Array, events: EspeakEvent[]) => boolean): void;
  }

  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakNGWorker;
  }

  /** Loads the engine and its voice data (espeak-ng.data next to espeak-ng.js). */
  export default function createEspeakModule(moduleArg?: Record<string, unknown>): Promise<EspeakModule>;
}
