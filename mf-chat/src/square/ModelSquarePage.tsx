import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ModelGroup, ModelOption } from '@qiming/sdk/contracts';
import { useModels } from '../models/useModels';
import { cardTarget, COMPARE_LIMIT, compareSuggestions, modelsOfTab, squareTabs, topFive } from './squareModel';
import { Stars } from '../models/Stars';
import { t } from '../i18n';
import styles from './square.module.css';

function ModelCard({ option, comparing, onCompare }: { option: ModelOption; comparing: boolean; onCompare(): void }) {
  return (
    <article className={styles.card} data-testid="model-card" title={option.tooltip}>
      <Link to={cardTarget(option)} className={styles.cardLink}>
        <header className={styles.cardHead}>
          <img src={option.icon} alt="" className={styles.icon} />
          <div>
            <h3>
              {option.label}
              {option.isNewModel ? <span className={styles.newBadge}>{t('square.newBadge')}</span> : null}
              {option.offlineDemo ? <span className={styles.offline}>{t('models.offlineDemo')}</span> : null}
            </h3>
            <p className={styles.labelText}>{option.labelText}</p>
          </div>
        </header>
        <Stars value={option.stars} />
        <p className={styles.intro}>{option.shortIntro}</p>
        <ul className={styles.examples}>
          {option.exampleQuestionList.slice(0, 2).map((q) => (
            <li key={q.quetion}>{q.quetion}</li>
          ))}
        </ul>
      </Link>
      <footer className={styles.cardFoot}>
        <span className={styles.price} title={option.modelpriceTip}>
          {option.modelprice}
        </span>
        <button type="button" className={comparing ? styles.compareOn : styles.compareButton} onClick={onCompare}>
          {comparing ? t('square.compareRemove') : t('square.compareAdd')}
        </button>
      </footer>
    </article>
  );
}

/** `/` and `/newhomePage`: every model the server serves, by group, with a comparison and a top five. */
export function ModelSquarePage() {
  const catalogue = useModels();
  const [tab, setTab] = useState<'all' | ModelGroup>('all');
  const [compare, setCompare] = useState<string[]>([]);
  const [suggestSeed, setSuggestSeed] = useState(0);
  const options = catalogue?.options ?? [];
  const shown = useMemo(() => modelsOfTab(options, tab), [options, tab]);
  const top = useMemo(() => topFive(options), [options]);
  const suggestions = useMemo(() => compareSuggestions(options, compare), [options, compare, suggestSeed]); // eslint-disable-line react-hooks/exhaustive-deps
  const compared = compare.map((id) => options.find((o) => o.value === id)).filter((o): o is ModelOption => !!o);

  const toggleCompare = (id: string) =>
    setCompare((list) => (list.includes(id) ? list.filter((x) => x !== id) : list.length >= COMPARE_LIMIT ? list : [...list, id]));

  if (!catalogue) return <div className={styles.loading}>{t('common.loadingModels')}</div>;
  return (
    <div className={styles.page} data-testid="model-square">
      <nav className={styles.tabs} role="tablist" aria-label={t('square.categories')}>
        {squareTabs().map((item) => (
          <button key={item.value} type="button" role="tab" aria-selected={tab === item.value} className={tab === item.value ? styles.tabOn : styles.tab} onClick={() => setTab(item.value)}>
            {item.label}
            {item.isNew ? <span className={styles.newBadge}>{t('square.newBadge')}</span> : null}
          </button>
        ))}
      </nav>
      <div className={styles.body}>
        <section className={styles.grid} aria-label={t('square.grid')}>
          {shown.map((option) => (
            <ModelCard key={option.value} option={option} comparing={compare.includes(option.value)} onCompare={() => toggleCompare(option.value)} />
          ))}
          {shown.length === 0 ? <p className={styles.loading}>{t('square.emptyTab')}</p> : null}
        </section>
        <aside className={styles.side}>
          <section className={styles.panel} data-testid="top-five">
            <h2>{t('square.topFive')}</h2>
            <ol>
              {top.map((option) => (
                <li key={option.value}>
                  <Link to={cardTarget(option)}>{option.label}</Link>
                  <Stars value={option.stars} />
                </li>
              ))}
            </ol>
          </section>
          <section className={styles.panel} data-testid="compare">
            <h2>
              {t('square.compareTitle')} <small>{t('square.compareLimit', { limit: COMPARE_LIMIT })}</small>
            </h2>
            {compared.length === 0 ? <p className={styles.hint}>{t('square.compareHint')}</p> : null}
            {compared.length > 0 ? (
              <table className={styles.compareTable}>
                <thead>
                  <tr>
                    <th>{t('square.column.model')}</th>
                    <th>{t('square.column.price')}</th>
                    <th>{t('square.column.rating')}</th>
                    <th>{t('square.column.abilities')}</th>
                  </tr>
                </thead>
                <tbody>
                  {compared.map((o) => (
                    <tr key={o.value}>
                      <td>{o.label}</td>
                      <td>{o.modelprice}</td>
                      <td>{o.stars}/10</td>
                      <td>{[o.level, o.think ? t('square.ability.reasoning') : null, o.web ? t('square.ability.web') : null, o.canUpload ? t('square.ability.files') : null].filter(Boolean).join(' · ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <div className={styles.suggest}>
              {suggestions.map((o) => (
                <button key={o.value} type="button" onClick={() => toggleCompare(o.value)} disabled={compare.length >= COMPARE_LIMIT}>
                  + {o.label}
                </button>
              ))}
              <button type="button" className={styles.linkButton} onClick={() => setSuggestSeed((n) => n + 1)}>
                {t('square.shuffle')}
              </button>
            </div>
          </section>
        </aside>
      </div>
    </div>
  );
}
