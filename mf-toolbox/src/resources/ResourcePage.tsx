import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLoad, useMediaQuery } from '@qiming/sdk';
import type { ResourceCategory, ResourceItem } from '@qiming/sdk/contracts';
import { Button, Spin } from '@qiming/sdk/ui';
import { Drawer, Empty } from '@qiming/sdk/ui/display';
import { Input } from '@qiming/sdk/ui/form';
import { PHONE } from '../agents/useDialogWidth';
import { t } from '../i18n';
import { ResourceCard } from './ResourceCard';
import { ResourceDialog } from './ResourceDialog';
import { ResourceMenu } from './ResourceMenu';
import { resourcesApi, type ResourcesApi } from './resourcesApi';
import { findCategory, groupsOf, searchItems } from './tree';
import styles from './resources.module.css';

/** Each item's place in the menu, for the dialog: 分类 / 子分类. */
function pathsOf(tree: ResourceCategory[]): Map<string, string> {
  const paths = new Map<string, string>();
  const walk = (node: ResourceCategory, prefix: string) => {
    const here = prefix ? `${prefix} / ${node.itemName}` : node.itemName;
    for (const child of node.subItems) {
      if (child.kind === 'item') paths.set(child.id, here);
      else walk(child, here);
    }
  };
  tree.forEach((top) => walk(top, ''));
  return paths;
}

function Cards({ items, onOpen }: { items: ResourceItem[]; onOpen(item: ResourceItem): void }) {
  return (
    <div className={styles.grid}>
      {items.map((item) => (
        <ResourceCard key={item.id} item={item} onOpen={onOpen} />
      ))}
    </div>
  );
}

/**
 * /resourcePage 资源导航 (spec platform §2): the category menu on the left (18vw, collapsible; a
 * drawer on phones), the chosen category's cards, a search across every item, and the detail
 * dialog. Open to visitors: the tree is public, feedback needs no account.
 */
export function ResourcePage({ api = resourcesApi }: { api?: ResourcesApi }) {
  const loaded = useLoad(() => api.tree(), [api]);
  const tree = useMemo(() => loaded.data ?? [], [loaded.data]);
  const paths = useMemo(() => pathsOf(tree), [tree]);
  const phone = useMediaQuery(PHONE);
  const [params, setParams] = useSearchParams();
  const found = findCategory(tree, params.get('c')) ?? (tree[0] ? { category: tree[0], top: tree[0] } : null);
  // The user's open / fold choice per top-level category; by default only the selected one is open.
  const [folding, setFolding] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [menuHidden, setMenuHidden] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ResourceItem | null>(null);
  const results = useMemo(() => searchItems(tree, query), [tree, query]);
  const expanded = new Set(tree.filter((top) => folding.get(top.id) ?? top.id === found?.top.id).map((top) => top.id));
  const setOpenState = (id: string, isOpen: boolean) => setFolding((current) => new Map(current).set(id, isOpen));

  const select = (id: string) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('c', id);
      return next;
    });
    setOpenState(findCategory(tree, id)?.top.id ?? id, true);
    setQuery('');
    setDrawerOpen(false);
  };
  const toggle = (id: string) => setOpenState(id, !expanded.has(id));

  if (loaded.loading && !loaded.data) return <Spin className={styles.loading} />;
  if (loaded.error && !loaded.data) {
    return (
      <Empty description={t('grid.failed')}>
        <Button onClick={loaded.refresh}>{t('grid.retry')}</Button>
      </Empty>
    );
  }
  if (!tree.length) return <Empty description={t('resources.emptyDirectory')} />;

  const menu = <ResourceMenu tree={tree} selected={found?.category.id ?? null} expanded={expanded} onSelect={select} onToggle={toggle} />;
  const searching = query.trim() !== '';

  return (
    <div className={styles.layout}>
      {phone ? (
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="left" title={t('resources.menu')} size="default" styles={{ body: { padding: 8 } }}>
          {menu}
        </Drawer>
      ) : menuHidden ? null : (
        <aside className={styles.side}>{menu}</aside>
      )}
      <div className={styles.main}>
        <div className={styles.toolbar}>
          <Button onClick={() => (phone ? setDrawerOpen(true) : setMenuHidden(!menuHidden))} aria-expanded={phone ? drawerOpen : !menuHidden} data-testid="resource-menu-toggle">
            {phone ? t('resources.showMenu') : menuHidden ? t('resources.expandMenu') : t('resources.collapseMenu')}
          </Button>
          <Input.Search className={styles.search} allowClear placeholder={t('resources.search')} value={query} onChange={(event) => setQuery(event.target.value)} aria-label={t('resources.search')} data-testid="resource-search" />
        </div>
        {searching ? (
          <section aria-live="polite">
            <h2 className={styles.groupTitle}>{t('resources.results', { n: results.length, query: query.trim() })}</h2>
            {results.length ? <Cards items={results} onOpen={setOpen} /> : <Empty description={t('resources.noResults')} />}
          </section>
        ) : found ? (
          <section>
            <h2 className={styles.categoryTitle}>
              {found.top.imgUrl ? <span aria-hidden="true">{found.top.imgUrl} </span> : null}
              {found.category === found.top ? found.top.itemName : `${found.top.itemName} / ${found.category.itemName}`}
            </h2>
            {groupsOf(found.category).map((group, index) => (
              <div key={group.title ?? `direct-${index}`}>
                {group.title && found.category === found.top ? <h3 className={styles.groupTitle}>{group.title}</h3> : null}
                <Cards items={group.items} onOpen={setOpen} />
              </div>
            ))}
          </section>
        ) : null}
      </div>
      {open ? <ResourceDialog item={open} path={paths.get(open.id) ?? ''} api={api} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
