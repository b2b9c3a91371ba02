import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Spin } from '@qiming/sdk/ui';
import { t } from './i18n';
import { toolById } from './catalogue';
import { useFavourites } from './favourites';
import { toolDescription } from './toolText';
import styles from './itTools.module.css';

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyTool(id: string): LazyExoticComponent<ComponentType> {
  let component = loaded.get(id);
  if (!component) {
    component = lazy(toolById(id)!.load);
    loaded.set(id, component);
  }
  return component;
}

/** /itTools/<id>: one tool, its code loaded now; back to the grid, favourite star. */
export function ToolView({ id }: { id: string }) {
  const Tool = useMemo(() => lazyTool(id), [id]);
  const [favourites, toggle] = useFavourites();
  const starred = favourites.includes(id);
  return (
    <div data-testid="it-tool" data-tool={id}>
      <div className={styles.toolHead}>
        <Link to="/itTools" className={styles.back}>
          {t('it.view.back')}
        </Link>
        <p>{toolDescription(id)}</p>
        <Button size="small" aria-pressed={starred} onClick={() => toggle(id)}>
          {starred ? `★ ${t('it.grid.unfavouriteShort')}` : `☆ ${t('it.grid.favouriteShort')}`}
        </Button>
      </div>
      <Suspense fallback={<Spin />}>
        <div className={styles.tool}>
          <Tool />
        </div>
      </Suspense>
    </div>
  );
}
