import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { ApiError, navigateTo, session as account, toasts } from '@qiming/sdk';
import { FILE_LIMITS, type DocChatDetail, type DocChatDocument, type Reference } from '@qiming/sdk/contracts';
import { Popconfirm } from '@qiming/sdk/ui/feedback';
import { t } from '../i18n';
import { docChatApi, type DocChatApi } from './docChatApi';
import { DocChatPane } from './DocChatPane';
import { DocChatSession } from './DocChatSession';
import { PdfViewer, type ViewerTarget } from './PdfViewer';
import styles from './docChat.module.css';

/** While a document's index is being built its state is asked again this often. */
const POLL_MS = 1500;
const isFinal = (status: DocChatDocument['status']) => status === 'done' || status === 'failed';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The check the server makes too, said before the bytes are sent. */
function refusalOf(file: File): string | null {
  if (!/\.(pdf|docx)$/i.test(file.name)) return t('docChat.upload.onlyPdf');
  if (file.size > FILE_LIMITS.maxBytes) return t('docChat.upload.tooLarge', { size: Math.round(FILE_LIMITS.maxBytes / 1024 / 1024) });
  return null;
}

/**
 * /pdfChatPage (文档对话): the user's documents (upload, reopen, delete), the open one in a PDF
 * viewer on the left and a chat answering from it with page citations on the right; on a phone
 * the viewer and the chat are two tabs. `?doc=<id>` opens a document; `?kb=&page=&chunk=` (a
 * citation's link, from the history) opens the document of that index at the cited passage.
 */
export const DocChatPage = observer(function DocChatPage({ api = docChatApi }: { api?: DocChatApi }) {
  if (!account.isLoggedIn) {
    return (
      <p className={styles.signIn} data-testid="doc-chat-sign-in">
        {t('docChat.signIn')}
        <button type="button" className={styles.linkButton} onClick={() => navigateTo('/loginPage')}>
          {t('chat.goLogin')}
        </button>
      </p>
    );
  }
  return <DocChatWorkspace api={api} />;
});

function DocChatWorkspace({ api }: { api: DocChatApi }) {
  const [params, setParams] = useSearchParams();
  const [documents, setDocuments] = useState<DocChatDocument[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [detail, setDetail] = useState<DocChatDetail | null>(null);
  const [bytes, setBytes] = useState<{ uploadId: string; data: Uint8Array } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [chat, setChat] = useState<DocChatSession | null>(null);
  const [target, setTarget] = useState<ViewerTarget | null>(null);
  const [tab, setTab] = useState<'doc' | 'chat'>('doc');
  const [uploading, setUploading] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const targetSeq = useRef(0);

  const selectedId = params.get('doc');
  const citedBase = params.get('kb');

  const refreshList = useCallback(async () => {
    try {
      setDocuments(await api.list());
      setListError(null);
    } catch (error) {
      setListError(messageOf(error));
    }
  }, [api]);
  useEffect(() => void refreshList(), [refreshList]);

  const open = useCallback((id: string | null) => setParams(id ? { doc: id } : {}), [setParams]);

  /** Marks a passage of the open document: the whole text of the passage is fetched (the reference holds 200 characters). */
  const showPassage = useCallback(
    async (page: number, pageEnd: number | undefined, passageId: string | undefined, fallback: string | undefined) => {
      const passage = passageId ? await api.passage(passageId).then((found) => found.chunk.text).catch(() => fallback) : fallback;
      setTarget({ page, pageEnd, passage, seq: ++targetSeq.current });
    },
    [api],
  );

  // A citation's link (?kb=&page=&chunk=): open the document of that index there.
  useEffect(() => {
    if (!citedBase || !documents) return;
    const document = documents.find((doc) => doc.knowledgeId === citedBase);
    if (!document) {
      toasts.error(t('docChat.notFound'));
      open(null);
      return;
    }
    const page = Number(params.get('page')) || 1;
    void showPassage(page, undefined, params.get('chunk') ?? undefined, undefined);
    open(document.id);
  }, [citedBase, documents, params, open, showPassage]);

  // The open document: its detail (polled while its index is being built) and its PDF.
  useEffect(() => {
    setDetail(null);
    setChat(null);
    if (!selectedId) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async (first: boolean) => {
      try {
        const next = await api.get(selectedId);
        if (!current) return;
        setDetail(next);
        if (first) {
          const conversation = new DocChatSession(api, next.knowledgeId);
          setChat(conversation);
          if (next.conversations[0]) void conversation.open(next.conversations[0].convGroupId).catch((error) => toasts.error(messageOf(error)));
        }
        if (!isFinal(next.status)) timer = setTimeout(() => void load(false), POLL_MS);
        else if (!first) void refreshList();
      } catch (error) {
        if (!current) return;
        if (error instanceof ApiError && error.kind === 'business') open(null);
      }
    };
    void load(true);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, selectedId, open, refreshList]);

  const uploadId = detail?.uploadId;
  useEffect(() => {
    if (!uploadId) return;
    if (bytes?.uploadId === uploadId) return;
    let current = true;
    setFileError(null);
    api
      .file(uploadId)
      .then((data) => current && setBytes({ uploadId, data }))
      .catch((error) => current && setFileError(messageOf(error)));
    return () => {
      current = false;
    };
  }, [api, uploadId, bytes?.uploadId]);

  const upload = async (file: File) => {
    const refusal = refusalOf(file);
    if (refusal) {
      toasts.error(refusal);
      return;
    }
    setUploading(0);
    try {
      const uploaded = await api.upload(file, setUploading);
      const created = await api.create(uploaded.knowledgeId);
      await refreshList();
      setTarget(null);
      open(created.id);
    } catch (error) {
      // The SDK already shows the server's refusal as a toast.
      if (!(error instanceof ApiError)) toasts.error(messageOf(error));
    } finally {
      setUploading(null);
    }
  };

  const remove = async (document: DocChatDocument) => {
    try {
      await api.remove(document.id);
      if (document.id === selectedId) open(null);
      await refreshList();
    } catch (error) {
      if (!(error instanceof ApiError)) toasts.error(messageOf(error));
    }
  };

  const cite = (reference: Reference) => {
    if (!reference.page) return;
    setTab('doc');
    void showPassage(reference.page, reference.pageEnd, reference.passageId, reference.abstract);
  };

  const newConversation = () => detail && setChat(new DocChatSession(api, detail.knowledgeId));
  const openConversation = (convGroupId: string) => {
    if (!detail) return;
    const conversation = new DocChatSession(api, detail.knowledgeId);
    setChat(conversation);
    void conversation.open(convGroupId).catch((error) => toasts.error(messageOf(error)));
  };

  const viewerData = useMemo(() => (bytes && bytes.uploadId === uploadId ? bytes.data : null), [bytes, uploadId]);

  return (
    <div className={styles.page} data-testid="doc-chat-page" data-open={selectedId ? 'document' : 'list'}>
      <aside className={styles.library}>
        <button type="button" className={styles.uploadButton} disabled={uploading !== null} onClick={() => input.current?.click()}>
          {uploading === null ? t('docChat.upload.button') : t('docChat.upload.progress', { percent: uploading })}
        </button>
        <input
          ref={input}
          type="file"
          accept=".pdf,application/pdf,.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          hidden
          data-testid="doc-chat-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <p className={styles.hint}>{t('docChat.upload.hint', { size: Math.round(FILE_LIMITS.maxBytes / 1024 / 1024) })}</p>
        {listError && (
          <p role="alert" className={styles.failed}>
            {t('docChat.listFailed', { error: listError })}
          </p>
        )}
        {documents?.length === 0 && <p className={styles.hint}>{t('docChat.empty')}</p>}
        <ul className={styles.documents} data-testid="doc-chat-documents">
          {documents?.map((document) => (
            <li key={document.id} className={document.id === selectedId ? styles.documentCurrent : styles.document_}>
              <button type="button" className={styles.documentOpen} onClick={() => { setTarget(null); open(document.id); }}>
                <span className={styles.documentName}>{document.name}</span>
                <span className={styles.documentMeta}>
                  {t('docChat.pages', { pages: document.pages })} · {document.statusText}
                </span>
              </button>
              <Popconfirm title={t('docChat.delete.confirm', { name: document.name })} okText={t('docChat.delete.ok')} cancelText={t('docChat.delete.cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove(document)}>
                <button type="button" className={styles.linkButton} aria-label={t('docChat.delete.label', { name: document.name })}>
                  {t('docChat.delete.ok')}
                </button>
              </Popconfirm>
            </li>
          ))}
        </ul>
      </aside>
      {!selectedId ? (
        <div className={styles.placeholder}>{t('docChat.choose')}</div>
      ) : (
        <div className={styles.workspace}>
          <div className={styles.workspaceBar}>
            <button type="button" className={styles.back} onClick={() => open(null)}>
              {t('docChat.back')}
            </button>
            <strong className={styles.title}>{detail?.name}</strong>
            {detail && !isFinal(detail.status) && <span className={styles.status}>{t('docChat.indexing', { status: detail.statusText })}</span>}
            {detail?.status === 'failed' && <span className={styles.failed}>{detail.statusText}</span>}
            {detail && (
              <span className={styles.conversations}>
                {detail.conversations.length > 0 && (
                  <select aria-label={t('docChat.conversations')} value={chat?.convGroupId ?? ''} onChange={(event) => (event.target.value ? openConversation(event.target.value) : newConversation())}>
                    <option value="">{t('docChat.newConversation')}</option>
                    {detail.conversations.map((conversation) => (
                      <option key={conversation.convGroupId} value={conversation.convGroupId}>
                        {conversation.title}
                      </option>
                    ))}
                  </select>
                )}
                <button type="button" className={styles.linkButton} onClick={newConversation}>
                  {t('docChat.newConversation')}
                </button>
              </span>
            )}
          </div>
          <div className={styles.tabs} role="tablist">
            <button type="button" role="tab" aria-selected={tab === 'doc'} onClick={() => setTab('doc')}>
              {t('docChat.tabs.document')}
            </button>
            <button type="button" role="tab" aria-selected={tab === 'chat'} onClick={() => setTab('chat')}>
              {t('docChat.tabs.chat')}
            </button>
          </div>
          <div className={styles.split} data-tab={tab}>
            <div className={styles.viewerPane}>
              {fileError ? (
                <p role="alert" className={styles.failed}>
                  {t('docChat.viewer.fileFailed', { error: fileError })}
                </p>
              ) : viewerData ? (
                <PdfViewer key={uploadId} data={viewerData} target={target} />
              ) : (
                <p className={styles.hint}>{t('docChat.viewer.loading')}</p>
              )}
            </div>
            <div className={styles.chatPane}>{chat && detail && <DocChatPane session={chat} ready={detail.status === 'done'} suggestions={detail.suggestions} onCite={cite} />}</div>
          </div>
        </div>
      )}
    </div>
  );
}
