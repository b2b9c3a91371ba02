import { useMemo, useState } from 'react';
import { i18n } from '@qiming/sdk';
import { Tag } from '@qiming/sdk/ui/display';
import { Input } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { decodeJwt, verifyHmacJwt } from '../logic/jwt';
import { ErrorText, Output, TextInput } from '../parts';
import styles from '../itTools.module.css';

const STATE_COLOURS = { valid: 'green', expired: 'red', notYetValid: 'orange', noExpiry: 'default' } as const;

export default function JwtTool() {
  const [token, setToken] = useState('');
  const [secret, setSecret] = useState('');
  const decoded = useMemo(() => (token.trim() ? decodeJwt(token) : null), [token]);
  const verified = useMemo(() => (decoded?.ok && secret ? verifyHmacJwt(token, secret) : null), [decoded, token, secret]);
  return (
    <>
      <TextInput label="JWT" value={token} onChange={setToken} rows={4} placeholder={t('it.jwt.placeholder')} testId="jwt-input" />
      <ErrorText error={decoded && !decoded.ok ? decoded.error : null} />
      {decoded?.ok ? (
        <>
          <p>
            <Tag color={STATE_COLOURS[decoded.value.state]} data-testid="jwt-state">
              {t(`it.jwt.state.${decoded.value.state}`)}
            </Tag>
            <span className={styles.note}>{t('it.jwt.alg', { alg: String(decoded.value.header.alg ?? '?') })}</span>
          </p>
          {decoded.value.times.length > 0 ? (
            <table className={styles.table}>
              <tbody>
                {decoded.value.times.map(({ claim, date }) => (
                  <tr key={claim}>
                    <th>{t(`it.jwt.claim.${claim}`)}</th>
                    <td data-testid={`jwt-${claim}`}>{date.toLocaleString(i18n.locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <div className={styles.two}>
            <Output label={t('it.jwt.header')} value={JSON.stringify(decoded.value.header, null, 2)} rows={8} />
            <Output label={t('it.jwt.payload')} value={JSON.stringify(decoded.value.payload, null, 2)} rows={8} testId="jwt-payload" />
          </div>
          <div className={styles.field}>
            <span className={styles.label}>{t('it.jwt.secret')}</span>
            <Input.Password value={secret} onChange={(e) => setSecret(e.target.value)} aria-label={t('it.jwt.secret')} placeholder={t('it.jwt.secretPlaceholder')} />
            {verified === null ? <p className={styles.note}>{t('it.jwt.notVerified')}</p> : null}
            {verified && !verified.ok ? <ErrorText error={verified.error} /> : null}
            {verified?.ok ? (
              <p data-testid="jwt-verified">
                <Tag color={verified.value ? 'green' : 'red'}>{verified.value ? t('it.jwt.signatureOk') : t('it.jwt.signatureBad')}</Tag>
              </p>
            ) : null}
          </div>
        </>
      ) : null}
    </>
  );
}
