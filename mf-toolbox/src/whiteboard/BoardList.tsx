import { useCallback, useEffect, useState } from 'react';
import type { WhiteboardSummary } from '@qiming/sdk/contracts';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Alert, Popconfirm } from '@qiming/sdk/ui/feedback';
import { Empty } from '@qiming/sdk/ui/display';
import { t } from '../i18n';
import { formatTime } from './format';
import { localBoard } from './localBoard';
import { RenameDialog } from './RenameDialog';
import { useWhiteboardApi } from './whiteboardApi';
import styles from './whiteboard.module.css';

export interface BoardListProps {
  open(id: string): void;
}

/** 我的白板: the signed-in user's boards (last changed first), and the board drawn before signing in. */
export function BoardList({ open }: BoardListProps) {
  const api = useWhiteboardApi();
  const [boards, setBoards] = useState<WhiteboardSummary[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<WhiteboardSummary | null>(null);
  const [localDrawing, setLocalDrawing] = useState(() => localBoard.hasDrawing());

  const load = useCallback(async () => {
    setFailure(null);
    try {
      setBoards(await api.list());
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('whiteboard.loadFailed'));
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const create = async (input: Parameters<typeof api.create>[0] = {}) => {
    setCreating(true);
    try {
      const board = await api.create(input);
      return board;
    } finally {
      setCreating(false);
    }
  };

  const saveLocal = async () => {
    const scene = localBoard.load();
    if (!scene) return setLocalDrawing(false);
    const board = await create({ title: t('whiteboard.localTitle'), scene });
    localBoard.clear();
    open(board.id);
  };

  if (failure) {
    return <Result status="warning" title={t('whiteboard.loadFailed')} subTitle={failure} extra={<Button onClick={() => void load()}>{t('whiteboard.retry')}</Button>} />;
  }

  return (
    <div className={styles.list}>
      <div className={styles.listHead}>
        <h1>{t('pages.whiteboard')}</h1>
        <Button type="primary" loading={creating} onClick={() => void create().then((board) => open(board.id), () => undefined)}>
          {t('whiteboard.create')}
        </Button>
      </div>
      {localDrawing ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('whiteboard.localFound')}
          action={
            <span style={{ display: 'flex', gap: 8 }}>
              <Button size="small" type="primary" loading={creating} onClick={() => void saveLocal().catch(() => undefined)}>
                {t('whiteboard.saveLocal')}
              </Button>
              <Popconfirm title={t('whiteboard.discardLocalConfirm')} okText={t('whiteboard.discard')} cancelText={t('common.cancel')} onConfirm={() => (localBoard.clear(), setLocalDrawing(false))}>
                <Button size="small">{t('whiteboard.discard')}</Button>
              </Popconfirm>
            </span>
          }
        />
      ) : null}
      {boards === null ? (
        <Spin />
      ) : boards.length === 0 ? (
        <Empty className={styles.centered} description={t('whiteboard.empty')} />
      ) : (
        <div className={styles.grid} data-testid="board-list">
          {boards.map((board) => (
            <div key={board.id} className={styles.card} data-testid="board-card">
              <button type="button" className={styles.cardOpen} onClick={() => open(board.id)}>
                <span className={styles.cardTitle}>{board.title}</span>
                <span className={styles.meta}>{t('whiteboard.elements', { count: board.elementCount })}</span>
                <span className={styles.meta}>{t('whiteboard.updatedAt', { time: formatTime(board.updatedAt) })}</span>
              </button>
              <div className={styles.cardActions}>
                <Button size="small" type="link" onClick={() => open(board.id)}>
                  {t('whiteboard.open')}
                </Button>
                <Button size="small" type="link" onClick={() => setRenaming(board)}>
                  {t('whiteboard.rename')}
                </Button>
                <Popconfirm
                  title={t('whiteboard.deleteConfirm', { title: board.title })}
                  okText={t('whiteboard.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common.cancel')}
                  onConfirm={async () => {
                    await api.remove(board.id);
                    setBoards((list) => list?.filter((b) => b.id !== board.id) ?? null);
                  }}
                >
                  <Button size="small" type="link" danger>
                    {t('whiteboard.delete')}
                  </Button>
                </Popconfirm>
              </div>
            </div>
          ))}
        </div>
      )}
      <RenameDialog
        title={renaming?.title ?? null}
        onClose={() => setRenaming(null)}
        onRename={async (title) => {
          const renamed = await api.rename(renaming!.id, title);
          setBoards((list) => list?.map((b) => (b.id === renamed.id ? renamed : b)) ?? null);
        }}
      />
    </div>
  );
}
