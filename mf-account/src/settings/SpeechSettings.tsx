import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { dataOf, request, session, settings, toasts, type SpeechSettings as Speech } from '@qiming/sdk';
import type { VoiceClone } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Form, Select, Slider } from '@qiming/sdk/ui/form';
import { t } from '../i18n';

const modelOptions = () => [
  { value: 'tts-1', label: t('speech.model.standard') },
  { value: 'tts-1-hd', label: t('speech.model.hd') },
];
const VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'].map((voice) => ({ value: voice, label: voice }));

/** The user's finished cloned voices (声音克隆, /soundClone), listed after the standard ones. */
function useClonedVoices(): { value: string; label: string }[] {
  const [voices, setVoices] = useState<VoiceClone[]>([]);
  useEffect(() => {
    if (!session.isLoggedIn) return;
    let live = true;
    dataOf(request.get<VoiceClone[]>('tts/voices', undefined, { silent: true })).then(
      (list) => live && setVoices(list.filter((voice) => voice.status === 'succeeded')),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return voices.map((voice) => ({ value: voice.voice, label: t(voice.offlineDemo ? 'speech.clonedOffline' : 'speech.cloned', { name: voice.name }) }));
}

/** Read-aloud settings (speechModel, voice, speed), kept on the server. */
export const SpeechSettings = observer(function SpeechSettings() {
  const [form] = Form.useForm<Speech>();
  const [saving, setSaving] = useState(false);
  const cloned = useClonedVoices();

  useEffect(() => {
    void settings.load().then(() => form.setFieldsValue(settings.speech), () => {});
  }, [form]);

  async function save(values: Speech) {
    setSaving(true);
    try {
      await settings.saveSpeech(values);
      toasts.success(t('speech.saved'));
    } catch {
      // the SDK showed why
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form form={form} layout="vertical" initialValues={settings.speech} onFinish={(values) => void save(values)} style={{ maxWidth: 480 }} data-testid="speech-settings">
      <Form.Item name="speechModel" label={t('speech.model.label')}>
        <Select options={modelOptions()} />
      </Form.Item>
      <Form.Item name="voice" label={t('speech.voice')}>
        <Select options={[...VOICES, ...cloned]} data-testid="speech-voice" />
      </Form.Item>
      <Form.Item name="speed" label={t('speech.speed')}>
        <Slider min={0.25} max={4} step={0.05} marks={{ 0.25: '0.25', 1: '1', 2: '2', 4: '4' }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('speech.save')}
      </Button>
    </Form>
  );
});
