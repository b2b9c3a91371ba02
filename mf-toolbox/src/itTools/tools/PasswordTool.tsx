import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '@qiming/sdk/ui';
import { Checkbox, Slider } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { estimateStrength, generatePassword, MAX_LENGTH, MIN_LENGTH, type PasswordOptions } from '../logic/password';
import { ErrorText, OutputLine, Row } from '../parts';
import styles from '../itTools.module.css';

const SETS = ['lower', 'upper', 'digits', 'symbols'] as const;

export default function PasswordTool() {
  const [options, setOptions] = useState<PasswordOptions>({ length: 20, lower: true, upper: true, digits: true, symbols: true, noLookAlikes: false });
  const [password, setPassword] = useState<string | null>(null);
  const regenerate = useCallback(() => setPassword(generatePassword(options)), [options]);
  useEffect(regenerate, [regenerate]);
  const strength = useMemo(() => (password ? estimateStrength(password) : null), [password]);
  const set = (patch: Partial<PasswordOptions>) => setOptions((o) => ({ ...o, ...patch }));
  return (
    <>
      <div className={styles.field}>
        <span className={styles.label}>{t('it.password.length', { n: options.length })}</span>
        <Slider min={MIN_LENGTH} max={MAX_LENGTH} value={options.length} onChange={(v: number) => set({ length: v })} aria-label={t('it.password.lengthLabel')} />
      </div>
      <Row>
        {SETS.map((k) => (
          <Checkbox key={k} checked={options[k]} onChange={(e) => set({ [k]: e.target.checked })}>
            {t(`it.password.${k}`)}
          </Checkbox>
        ))}
        <Checkbox checked={options.noLookAlikes} onChange={(e) => set({ noLookAlikes: e.target.checked })}>
          {t('it.password.noLookAlikes')}
        </Checkbox>
        <Button type="primary" onClick={regenerate}>
          {t('it.password.again')}
        </Button>
      </Row>
      <ErrorText error={password === null ? t('it.password.noSet') : null} />
      {password ? <OutputLine label={t('it.password.password')} value={password} testId="password-output" /> : null}
      {strength ? (
        <p data-testid="password-strength">
          {t('it.password.strength', { label: t(`it.password.level.${strength.strength}`), bits: strength.bits })}
        </p>
      ) : null}
      <p className={styles.note}>{t('it.password.note')}</p>
    </>
  );
}
