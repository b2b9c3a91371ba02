import { useCallback, useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { navigateTo, session } from '@qiming/sdk';
import { Button, Spin } from '@qiming/sdk/ui';
import { Alert } from '@qiming/sdk/ui/feedback';
import { Empty, Tag } from '@qiming/sdk/ui/display';
import { SignInFirst } from '../agents/SignInFirst';
import { t } from '../i18n';
import { formatTime } from '../whiteboard/format';
import { boardWorks, deckWorks, imageWorks, mergeWorks, TOOL_PATHS, videoWorks, voiceWorks, WORK_KINDS, type WorkFilter, type WorkItem, type WorkKind } from './works';
import { useWorksApi, type WorksApi } from './worksApi';
import styles from './works.module.css';

type Section = { state: 'loading' } | { state: 'ready'; items: WorkItem[] } | { state: 'failed'; error: string };

/** Each kind's list call and how its answer becomes cards. */
const loaders = (api: WorksApi): Record<WorkKind, () => Promise<WorkItem[]>> => ({
  image: async () => imageWorks(await api.images()),
  video: async () => videoWorks(await api.videos()),
  slides: async () => deckWorks(await api.decks()),
  voice: async () => voiceWorks(await api.voices(), { queued: t('works.queued'), running: t('works.running') }),
  whiteboard: async () => boardWorks(await api.boards()),
});

const FILTERS: WorkFilter[] = ['all', ...WORK_KINDS];
const kindName = (kind: WorkFilter) => t(`works.kind.${kind}`);

/** 我的作品: what the user made in every tool, in one grid, newest first. */
export const WorksPage = observer(function WorksPage() {
  if (!session.isLoggedIn) return <SignInFirst detail={t('works.signIn')} />;
  return <Works />;
});

function Works() {
  const api = useWorksApi();
  const [sections, setSections] = useState<Record<WorkKind, Section>>(() => Object.fromEntries(WORK_KINDS.map((kind) => [kind, { state: 'loading' }])) as Record<WorkKind, Section>);
  const [filter, setFilter] = useState<WorkFilter>('all');

  const load = useCallback(
    (kind: WorkKind) => {
      setSections((all) => ({ ...all, [kind]: { state: 'loading' } }));
      loaders(api)
        [kind]()
        .then(
          (items): Section => ({ state: 'ready', items }),
          (error: unknown): Section => ({ state: 'failed', error: error instanceof Error && error.message ? error.message : t('works.loadFailed') }),
        )
        .then((section) => setSections((all) => ({ ...all, [kind]: section })));
    },
    [api],
  );
  useEffect(() => WORK_KINDS.forEach(load), [load]);

  const shownKinds: readonly WorkKind[] = filter === 'all' ? WORK_KINDS : [filter];
  const items = useMemo(() => mergeWorks(WORK_KINDS.map((kind) => (sections[kind].state === 'ready' ? sections[kind].items : [])), filter), [sections, filter]);
  const loading = shownKinds.some((kind) => sections[kind].state === 'loading');
  const failed = shownKinds.filter((kind) => sections[kind].state === 'failed');
  const count = (kind: WorkFilter) => {
    const kinds: readonly WorkKind[] = kind === 'all' ? WORK_KINDS : [kind];
    return kinds.reduce((sum, k) => {
      const section = sections[k];
      return sum + (section.state === 'ready' ? section.items.length : 0);
    }, 0);
  };

  return (
    <div>
      <div className={styles.filters}>
        {FILTERS.map((kind) => (
          <Tag.CheckableTag key={kind} checked={filter === kind} onChange={() => setFilter(kind)} data-testid={`works-filter-${kind}`}>
            {kindName(kind)}
            {count(kind) ? ` ${count(kind)}` : ''}
          </Tag.CheckableTag>
        ))}
      </div>
      {failed.map((kind) => {
        const section = sections[kind] as { error: string };
        return (
          <Alert
            key={kind}
            type="warning"
            showIcon
            className={styles.failure}
            data-testid={`works-failed-${kind}`}
            message={t('works.sectionFailed', { kind: kindName(kind), error: section.error })}
            action={
              <Button size="small" onClick={() => load(kind)}>
                {t('works.retry')}
              </Button>
            }
          />
        );
      })}
      {items.length > 0 ? (
        <div className={styles.grid} data-testid="works-grid">
          {items.map((item) => (
            <WorkCard key={item.key} item={item} />
          ))}
        </div>
      ) : loading ? null : failed.length === shownKinds.length ? null : (
        <EmptyWorks kinds={shownKinds.filter((kind) => sections[kind].state === 'ready')} all={filter === 'all'} />
      )}
      {loading ? <Spin className={styles.loading} /> : null}
    </div>
  );
}

const KIND_MARKS: Record<WorkKind, string> = { image: '图', video: '视', slides: '演', voice: '音', whiteboard: '板' };

function WorkCard({ item }: { item: WorkItem }) {
  return (
    <a
      className={styles.card}
      href={item.href}
      data-testid="work-card"
      data-kind={item.kind}
      onClick={(event) => {
        event.preventDefault();
        navigateTo(item.href);
      }}
    >
      <div className={`${styles.thumb} ${styles[item.kind]}`}>
        {item.thumbUrl ? <img src={item.thumbUrl} alt="" loading="lazy" /> : <span className={styles.mark} aria-hidden>{KIND_MARKS[item.kind]}</span>}
        <span className={styles.kind}>{kindName(item.kind)}</span>
      </div>
      <div className={styles.body}>
        <div className={styles.title} title={item.title}>
          {item.title}
        </div>
        <div className={styles.meta}>
          {formatTime(item.time)}
          {item.statusText ? <span className={styles.status}>{item.statusText}</span> : null}
        </div>
      </div>
    </a>
  );
}

/** Nothing yet: a way to each tool of the kinds shown. */
function EmptyWorks({ kinds, all }: { kinds: readonly WorkKind[]; all: boolean }) {
  return (
    <Empty
      className={styles.empty}
      data-testid="works-empty"
      description={all ? t('works.emptyAll') : t('works.empty', { kind: kindName(kinds[0] ?? 'all') })}
    >
      <div className={styles.tools}>
        {kinds.map((kind) => (
          <Button key={kind} type={all ? 'default' : 'primary'} onClick={() => navigateTo(TOOL_PATHS[kind])}>
            {t(`works.go.${kind}`)}
          </Button>
        ))}
      </div>
    </Empty>
  );
}
