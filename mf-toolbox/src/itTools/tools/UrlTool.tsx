import { useMemo, useState } from 'react';
import { Checkbox } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { decodeUrl, encodeUrl, parseUrl, type UrlMode } from '../logic/url';
import { Choice, ErrorText, Output, Row, TextInput } from '../parts';
import styles from '../itTools.module.css';

export default function UrlTool() {
  const [direction, setDirection] = useState<'encode' | 'decode'>('encode');
  const [mode, setMode] = useState<UrlMode>('component');
  const [plus, setPlus] = useState(false);
  const [input, setInput] = useState('');
  const result = useMemo(() => (input ? (direction === 'encode' ? encodeUrl(input, mode) : decodeUrl(input, mode, plus)) : null), [input, direction, mode, plus]);
  const parts = useMemo(() => (/^[a-z][a-z0-9+.-]*:\/\//i.test(input.trim()) ? parseUrl(input) : null), [input]);
  return (
    <>
      <Row>
        <Choice label={t('it.common.direction')} value={direction} onChange={setDirection} options={[{ value: 'encode', label: t('it.common.encode') }, { value: 'decode', label: t('it.common.decode') }]} />
        <Choice label={t('it.url.mode')} value={mode} onChange={setMode} options={[{ value: 'component', label: t('it.url.component') }, { value: 'full', label: t('it.url.full') }]} />
        {direction === 'decode' ? (
          <Checkbox checked={plus} onChange={(e) => setPlus(e.target.checked)}>
            {t('it.url.plusAsSpace')}
          </Checkbox>
        ) : null}
      </Row>
      <p className={styles.note}>{mode === 'component' ? t('it.url.componentNote') : t('it.url.fullNote')}</p>
      <TextInput label={t('it.common.input')} value={input} onChange={setInput} testId="url-input" />
      <ErrorText error={result && !result.ok ? result.error : null} />
      <Output label={t('it.common.output')} value={result?.ok ? result.value : ''} testId="url-output" />
      {parts?.ok && parts.value.params.length > 0 ? (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption>{t('it.url.params')}</caption>
            <thead>
              <tr>
                <th>{t('it.url.name')}</th>
                <th>{t('it.url.value')}</th>
              </tr>
            </thead>
            <tbody>
              {parts.value.params.map(([k, v], i) => (
                <tr key={i}>
                  <td>{k}</td>
                  <td>{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
