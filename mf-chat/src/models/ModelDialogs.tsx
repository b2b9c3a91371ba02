import { Modal } from '@qiming/sdk/ui/feedback';
import type { ModelOption } from '@qiming/sdk/contracts';
import { filterOptions, pickerTabs } from './pickerTabs';
import { ranking } from './ranking';
import { Stars } from './Stars';
import { t } from '../i18n';
import styles from './models.module.css';

interface DialogProps {
  options: ModelOption[];
  current: string;
  onPick(model: string): void;
  onClose(): void;
}

function PickButton({ option, current, onPick }: { option: ModelOption; current: string; onPick(model: string): void }) {
  return option.value === current ? (
    <span className={styles.inUse}>{t('models.inUse')}</span>
  ) : (
    <button type="button" className={styles.pick} onClick={() => onPick(option.value)}>
      {t('models.use')}
    </button>
  );
}

/** Every model by type (the picker's tabs), with its description, level and price line. */
export function ModelListDialog({ options, current, onPick, onClose }: DialogProps) {
  const sections = pickerTabs(options)
    .filter((tab) => tab.key !== 'all')
    .map((tab) => ({ tab, models: filterOptions(options, tab, '') }));
  return (
    <Modal open title={t('models.list')} footer={null} width={760} onCancel={onClose}>
      <div className={styles.dialogBody} data-testid="model-list-dialog">
        {sections.map(({ tab, models }) => (
          <section key={tab.key}>
            <h3 className={styles.sectionTitle}>
              {tab.label} <small>{t('models.count', { count: models.length })}</small>
            </h3>
            {models.map((option) => (
              <div key={option.value} className={styles.row}>
                <img src={option.icon} alt="" className={styles.icon} />
                <div className={styles.rowText}>
                  <strong>{option.label}</strong> <span className={styles.level}>{option.level}</span>
                  <small>{option.labelText || option.shortIntro}</small>
                </div>
                <span className={styles.price}>{option.modelprice}</span>
                <PickButton option={option} current={current} onPick={onPick} />
              </div>
            ))}
          </section>
        ))}
      </div>
    </Modal>
  );
}

/** The models by capability rating (see ranking.ts), numbered, with stars and price. */
export function RankingDialog({ options, current, onPick, onClose }: DialogProps) {
  return (
    <Modal open title={t('models.ranking')} footer={null} width={640} onCancel={onClose}>
      <p className={styles.note}>{t('models.rankingNote')}</p>
      <ol className={styles.dialogBody} data-testid="ranking-dialog">
        {ranking(options).map((option, index) => (
          <li key={option.value} className={styles.row}>
            <span className={index < 3 ? styles.rankTop : styles.rank}>{index + 1}</span>
            <img src={option.icon} alt="" className={styles.icon} />
            <div className={styles.rowText}>
              <strong>{option.label}</strong>
              <Stars value={option.stars} />
            </div>
            <span className={styles.price}>{option.modelprice}</span>
            <PickButton option={option} current={current} onPick={onPick} />
          </li>
        ))}
      </ol>
    </Modal>
  );
}
