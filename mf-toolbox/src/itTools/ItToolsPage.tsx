import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Empty, Tag } from '@qiming/sdk/ui/display';
import { Input } from '@qiming/sdk/ui/form';
import { t } from './i18n';
import { CATEGORIES, TOOLS, type ToolCategory } from './catalogue';
import { useFavourites } from './favourites';
import { searchTools, type ToolEntry } from './search';
import { toolName } from './toolName';
import { categoryName, toolDescription } from './toolText';
import styles from './itTools.module.css';

/** /itTools: every tool as a card, searchable, by category, favourites first. No tool code loads here. */
export function ItToolsPage() {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<ToolCategory | null>(null);
  const [favourites, toggle] = useFavourites();
  const entries = useMemo<ToolEntry[]>(
    () => TOOLS.map((tool) => ({ tool, name: toolName(tool.id), description: toolDescription(tool.id), categoryNames: tool.categories.map(categoryName) })),
    [],
  );
  const shown = searchTools(entries, query, category, favourites);

  return (
    <div data-testid="it-tools">
      <p className={styles.intro}>{t('it.grid.intro', { n: TOOLS.length })}</p>
      <div className={styles.toolbar}>
        <Input.Search className={styles.search} allowClear value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('it.grid.search')} aria-label={t('it.grid.search')} />
      </div>
      <div className={styles.chips} role="group" aria-label={t('it.grid.categories')}>
        <Tag.CheckableTag checked={category === null} onChange={() => setCategory(null)}>
          {t('it.category.all')}
        </Tag.CheckableTag>
        {CATEGORIES.map((c) => (
          <Tag.CheckableTag key={c} checked={category === c} onChange={(on) => setCategory(on ? c : null)}>
            {categoryName(c)}
          </Tag.CheckableTag>
        ))}
      </div>
      {shown.length === 0 ? (
        <Empty description={t('it.grid.empty')} />
      ) : (
        <div className={styles.grid}>
          {shown.map(({ tool, name, description, categoryNames }) => {
            const starred = favourites.includes(tool.id);
            return (
              <article key={tool.id} className={styles.card} data-testid="it-tool-card" data-tool={tool.id}>
                <Link to={`/itTools/${tool.id}`} className={styles.cardLink}>
                  <h3>{name}</h3>
                  <p>{description}</p>
                  <div className={styles.cardTags}>
                    {categoryNames.map((c) => (
                      <Tag key={c}>{c}</Tag>
                    ))}
                  </div>
                </Link>
                {/* Beside the link, not in it: a button inside a link is not valid HTML. */}
                <button
                  type="button"
                  className={styles.star}
                  aria-pressed={starred}
                  aria-label={starred ? t('it.grid.unfavourite', { name }) : t('it.grid.favourite', { name })}
                  title={starred ? t('it.grid.unfavouriteShort') : t('it.grid.favouriteShort')}
                  onClick={() => toggle(tool.id)}
                >
                  {starred ? '★' : '☆'}
                </button>
              </article>
            );
          })}
        </div>
      )}
    </div>
  );
}
