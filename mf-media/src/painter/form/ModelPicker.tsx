import { observer } from 'mobx-react-lite';
import { Select } from '@qiming/sdk/ui/form';
import { Tag } from '@qiming/sdk/ui/display';
import type { ImageModelFunctions } from '@qiming/sdk/contracts';
import { usePainterStore } from '../painterContext';
import { t } from '../../i18n';
import styles from '../painter.module.css';

function ModelLabel({ model }: { model: ImageModelFunctions }) {
  return (
    <span className={styles.modelOption}>
      <span className={styles.modelName}>{model.name}</span>
      {model.offlineDemo && (
        <Tag color="orange" title={t('painter.offlineDemoHint')}>
          {t('painter.offlineDemo')}
        </Tag>
      )}
      <span className={styles.modelPrice}>{model.priceText}</span>
    </span>
  );
}

/** The image models that can draw the current tab, with their price and the 离线演示 tag. */
export const ModelPicker = observer(function ModelPicker() {
  const store = usePainterStore();
  return (
    <div className={styles.field}>
      <label className={styles.fieldLabel} htmlFor="painter-model">
        {t('painter.model.label')}
      </label>
      <Select
        id="painter-model"
        style={{ width: '100%' }}
        value={store.model?.id}
        onChange={(id: string) => store.setModel(id)}
        options={store.models.map((model) => ({ value: model.id, label: <ModelLabel model={model} /> }))}
      />
    </div>
  );
});
