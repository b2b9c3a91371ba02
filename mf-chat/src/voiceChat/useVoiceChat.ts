import { useEffect, useMemo, useRef } from 'react';
import { chat, eventBus, session, settings, STORAGE_KEYS } from '@qiming/sdk';
import { conversationsApi } from '../history/conversationsApi';
import { speechApi } from '../voice/speechApi';
import { createAudioPlayer } from './audioPlayer';
import { Microphone } from './microphone';
import { SentenceSpeaker } from './sentenceSpeaker';
import { VoiceChatStore } from './VoiceChatStore';

const FALLBACK_MODEL = 'ai3';

/** Asks the host for its login confirm, coming back here afterwards. */
function askLogin(): void {
  const returnTo = `${window.location.pathname}${window.location.search}`;
  session.rememberReturnTo(returnTo);
  eventBus.emit('auth:required', { returnTo });
}

/** The node a new question follows: the saved branch's last message when it is an answer (as the chat page sends). */
async function branchEnd(convGroupId: string): Promise<string | null> {
  const branch = await conversationsApi.branch(convGroupId, {}, true);
  const last = branch.messages.at(-1)?.node;
  return last && last.chatContent[0]?.role === 'assistant' ? last.convId : null;
}

/** The voice page's store on the SDK's clients, the microphone, the speech calls and the page's <audio>. */
export function useVoiceChat() {
  const audio = useRef<HTMLAudioElement>(null);
  const store = useMemo(() => {
    const player = createAudioPlayer(() => audio.current);
    return new VoiceChatStore(
      {
        isSignedIn: () => session.isLoggedIn,
        askLogin,
        capabilities: speechApi.capabilities,
        openMicrophone: (handlers) => Microphone.open(handlers),
        transcribe: (recording) => speechApi.transcribe(recording, true),
        send: (body, handlers, signal) => chat.send(body, handlers, { signal }),
        stop: (convId) => chat.stop(convId),
        branchEnd,
        // the user's speech settings as they are when each sentence is asked for (voice, speed, a cloned voice)
        speaker: (extra) => new SentenceSpeaker({ synthesize: (text) => speechApi.speak(text, settings.speech), ...player, ...extra }),
        settings: () => ({ systemPrompt: window.localStorage.getItem(STORAGE_KEYS.systemPrompt) ?? '', recentChatLen: settings.gptConfig.recentChatLen }),
        rememberModel: (model) => window.localStorage.setItem(STORAGE_KEYS.selectedModel, model),
      },
      window.localStorage.getItem(STORAGE_KEYS.selectedModel) ?? FALLBACK_MODEL,
    );
  }, []);
  useEffect(() => {
    void store.loadCapabilities();
    return () => store.dispose();
  }, [store]);
  return { store, audio };
}
