import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { session } from '@qiming/sdk';
import type { Whiteboard } from '@qiming/sdk/contracts';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Alert } from '@qiming/sdk/ui/feedback';
import { requireLogin } from '../agents/login';
import { t } from '../i18n';
import { BoardAutosave } from './autosave';
import { BoardEditor } from './BoardEditor';
import { BoardList } from './BoardList';
import type { CanvasHandle } from './ExcalidrawCanvas';
import { localBoard } from './localBoard';
import { RenameDialog } from './RenameDialog';
import { useWhiteboardApi } from './whiteboardApi';
import styles from './whiteboard.module.css';

/**
 * /whiteBoard: signed in, the board list, or the board `?board=<id>` names; signed out, one board
 * kept in this browser with 登录后可保存到云端 (saved to the account from the list after login).
 */
export const WhiteboardPage = observer(function WhiteboardPage() {
  const [params, setParams] = useSearchParams();
  const boardId = params.get('board');
  const open = useCallback((id: string | null) => setParams(id ? { board: id } : {}), [setParams]);

  if (!session.isLoggedIn) return <VisitorBoard />;
  if (!boardId) return <BoardList open={open} />;
  return <CloudBoard key={boardId} id={boardId} open={open} />;
});

function VisitorBoard() {
  const [scene] = useState(() => localBoard.load() ?? { elements: [] });
  const autosave = useMemo(
    () =>
      new BoardAutosave({
        version: 1,
        persist: async (next, version) => {
          localBoard.save(next);
          return version + 1;
        },
      }),
    [],
  );
  return (
    <BoardEditor
      title={t('whiteboard.localTitle')}
      initialScene={scene}
      autosave={autosave}
      banner={
        <Alert
          className={styles.banner}
          data-testid="login-prompt"
          type="info"
          banner
          message={t('whiteboard.loginToSave')}
          action={
            <Button size="small" type="primary" onClick={() => requireLogin()}>
              {t('whiteboard.login')}
            </Button>
          }
        />
      }
    />
  );
}

/** One of the user's boards: loaded, autosaved on its version, with the choices of a conflict. */
function CloudBoard({ id, open }: { id: string; open(id: string | null): void }) {
  const api = useWhiteboardApi();
  // The board as loaded (a reload gives a new object: a new autosave and a fresh canvas); the title apart, renaming touches no scene.
  const [board, setBoard] = useState<Whiteboard | null>(null);
  const [title, setTitle] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [copying, setCopying] = useState(false);
  const canvas = useRef<CanvasHandle | null>(null);

  const load = useCallback(async () => {
    setFailure(null);
    setBoard(null);
    try {
      const loaded = await api.get(id);
      setTitle(loaded.title);
      setBoard(loaded);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('whiteboard.loadFailed'));
    }
  }, [api, id]);
  useEffect(() => void load(), [load]);

  // A new autosave per loaded version: 载入最新版本 starts over from the server's scene.
  const autosave = useMemo(
    () => (board ? new BoardAutosave({ version: board.version, persist: async (scene, version) => (await api.save(id, version, scene)).version }) : null),
    [api, id, board],
  );
  const onCanvas = useCallback((handle: CanvasHandle) => (canvas.current = handle), []);

  if (failure) {
    return (
      <Result
        status="warning"
        title={failure}
        extra={[
          <Button key="retry" onClick={() => void load()}>
            {t('whiteboard.retry')}
          </Button>,
          <Button key="list" type="primary" onClick={() => open(null)}>
            {t('whiteboard.backToList')}
          </Button>,
        ]}
      />
    );
  }
  if (!board || !autosave) return <Spin className={styles.centered} style={{ display: 'block' }} />;

  const saveAsNew = async () => {
    if (!canvas.current) return;
    setCopying(true);
    try {
      const copy = await api.create({ title: t('whiteboard.copyTitle', { title }).slice(0, 50), scene: canvas.current.scene() });
      open(copy.id);
    } catch {
      // The SDK showed why.
    } finally {
      setCopying(false);
    }
  };

  return (
    <>
      <BoardEditor
        key={board.updatedAt + board.version}
        title={title}
        initialScene={board.scene}
        autosave={autosave}
        onCanvas={onCanvas}
        start={
          <Button size="small" onClick={() => open(null)}>
            {t('whiteboard.backToList')}
          </Button>
        }
        titleActions={
          <Button size="small" type="link" onClick={() => setRenaming(true)}>
            {t('whiteboard.rename')}
          </Button>
        }
        banner={<ConflictBanner autosave={autosave} onReload={() => void load()} onSaveAsNew={() => void saveAsNew()} copying={copying} />}
      />
      <RenameDialog
        title={renaming ? title : null}
        onClose={() => setRenaming(false)}
        onRename={async (title) => {
          const renamed = await api.rename(id, title);
          setTitle(renamed.title);
        }}
      />
    </>
  );
}

const ConflictBanner = observer(function ConflictBanner({ autosave, onReload, onSaveAsNew, copying }: { autosave: BoardAutosave; onReload(): void; onSaveAsNew(): void; copying: boolean }) {
  if (autosave.status !== 'conflict') return null;
  return (
    <Alert
      className={styles.banner}
      type="warning"
      banner
      data-testid="conflict"
      message={autosave.error}
      action={
        <span style={{ display: 'flex', gap: 8 }}>
          <Button size="small" type="primary" onClick={onReload}>
            {t('whiteboard.loadLatest')}
          </Button>
          <Button size="small" loading={copying} onClick={onSaveAsNew}>
            {t('whiteboard.saveAsNew')}
          </Button>
        </span>
      }
    />
  );
});
