import { observer } from 'mobx-react-lite';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Tabs } from '@qiming/sdk/ui/display';
import { usePainterStore } from '../painterContext';
import type { PainterTab } from '../painterStore';
import { t } from '../../i18n';
import styles from '../painter.module.css';
import { AdvancedSettings } from './AdvancedSettings';
import { ModelPicker } from './ModelPicker';
import { PromptBox, StyleChips } from './PromptFields';
import { ReferenceImages } from './ReferenceImages';
import { AspectPicker, CountPicker } from './ShapeFields';
import { SubmitBar } from './SubmitBar';

const TAB_LABELS: Record<PainterTab, () => string> = {
  txt2img: () => t('painter.tab.txt2img'),
  img2img: () => t('painter.tab.img2img'),
  blend: () => t('painter.tab.blend'),
  describe: () => t('painter.tab.describe'),
  swapFace: () => t('painter.tab.swapFace'),
};

/** The left (phones: top) panel: the tabs the models offer, then the fields the tab takes. */
export const PainterForm = observer(function PainterForm() {
  const store = usePainterStore();
  if (store.functionsFailed) {
    return (
      <div className={styles.formPanel}>
        <Result status="warning" subTitle={t('painter.loadFailed')} extra={<Button onClick={() => void store.loadFunctions()}>{t('painter.retry')}</Button>} />
      </div>
    );
  }
  if (!store.functions) {
    return (
      <div className={styles.formPanel}>
        <Spin />
      </div>
    );
  }
  if (store.tabs.length === 0) {
    return (
      <div className={styles.formPanel}>
        <Result status="info" subTitle={t('painter.noModels')} />
      </div>
    );
  }
  return (
    <div className={styles.formPanel} data-testid="painter-form">
      <Tabs
        activeKey={store.tab}
        onChange={(key) => store.setTab(key as PainterTab)}
        items={store.tabs.map((tab) => ({ key: tab, label: TAB_LABELS[tab]() }))}
        size="small"
      />
      <ModelPicker />
      <ReferenceImages />
      {store.usesPrompt && (
        <>
          <PromptBox />
          <StyleChips />
        </>
      )}
      {store.usesAspect && <AspectPicker />}
      {store.usesCount && <CountPicker />}
      {store.usesPrompt && <AdvancedSettings />}
      <SubmitBar />
    </div>
  );
});
