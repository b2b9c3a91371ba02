import { KNOWLEDGE_LIMITS } from '@qiming/sdk';
import { useState } from 'react';
import type { KnowledgeHit } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Input, Select } from '@qiming/sdk/ui/form';
import { Empty } from '@qiming/sdk/ui/display';
import { useToolboxApi } from '../api/toolboxApi';
import { t } from '../i18n';
import styles from './knowledge.module.css';

const TOP_K = [3, 5, 10];

/** 命中测试: which passages a question retrieves, best first, as the chat would get them. */
export function HitTestPanel({ knowledgeId, onOpen }: { knowledgeId: string; onOpen(chunkId: string): void }) {
  const api = useToolboxApi();
  const [query, setQuery] = useState('');
  const [topK, setTopK] = useState(5);
  const [hits, setHits] = useState<KnowledgeHit[] | null>(null);
  const [testing, setTesting] = useState(false);
  const question = query.trim();

  const test = async () => {
    if (!question || question.length > KNOWLEDGE_LIMITS.query) return;
    setTesting(true);
    try {
      setHits(await api.knowledge.hitTest(knowledgeId, question, topK));
    } catch {
      // the request client has shown why
    } finally {
      setTesting(false);
    }
  };

  return (
    <div className={styles.hitTest}>
      <p className={styles.note}>{t('knowledge.hit.intro')}</p>
      <Input.TextArea
        value={query}
        count={{ show: true, max: KNOWLEDGE_LIMITS.query }}
        autoSize={{ minRows: 3, maxRows: 6 }}
        placeholder={t('knowledge.hit.placeholder')}
        aria-label={t('knowledge.hit.placeholder')}
        onChange={(event) => setQuery(event.target.value)}
        onPressEnter={(event) => {
          if (!event.shiftKey) {
            event.preventDefault();
            void test();
          }
        }}
      />
      <div className={styles.hitControls}>
        <label className={styles.topK}>
          {t('knowledge.hit.topK')}
          <Select value={topK} onChange={setTopK} options={TOP_K.map((n) => ({ value: n, label: t('knowledge.hit.topKOption', { n }) }))} aria-label={t('knowledge.hit.topK')} style={{ width: 110 }} />
        </label>
        <Button type="primary" loading={testing} disabled={!question || question.length > KNOWLEDGE_LIMITS.query} onClick={() => void test()}>
          {t('knowledge.hit.run')}
        </Button>
      </div>
      {hits === null ? null : hits.length === 0 ? (
        <Empty className={styles.hitEmpty} description={t('knowledge.hit.empty')} />
      ) : (
        <ol className={styles.hits} aria-label={t('knowledge.hit.results')}>
          {hits.map((hit) => (
            <li key={hit.chunkId} className={styles.hit} data-testid="hit">
              <header className={styles.hitHead}>
                <span className={styles.hitRank}>#{hit.rank}</span>
                <span className={styles.hitScore}>{t('knowledge.hit.score', { score: hit.score.toFixed(4) })}</span>
                <span className={styles.hitDocument}>{hit.documentName}</span>
                <Button size="small" type="link" onClick={() => onOpen(hit.chunkId)}>
                  {t('knowledge.hit.open')}
                </Button>
              </header>
              <p className={styles.hitText}>{hit.text}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
