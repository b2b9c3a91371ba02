import { Select } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { commonZones } from '../logic/timestamp';
import styles from '../itTools.module.css';

/** The time zone picker of the time tools: the browser's zone first, then the common ones; any IANA name can be typed. */
export function ZoneSelect({ value, onChange }: { value: string; onChange(zone: string): void }) {
  const zones = commonZones();
  return (
    <label className={styles.choice}>
      <span className={styles.choiceLabel}>{t('it.time.zone')}</span>
      <Select
        showSearch
        value={value}
        onChange={onChange}
        style={{ minWidth: 200 }}
        aria-label={t('it.time.zone')}
        options={(zones.includes(value) ? zones : [value, ...zones]).map((z) => ({ value: z, label: z }))}
      />
    </label>
  );
}

export const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
