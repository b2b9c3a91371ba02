import { Suspense, type ReactElement, type RefObject } from 'react';
import { lazyPage } from '@qiming/sdk/ui';
import { observer } from 'mobx-react-lite';
import type { ChatStore, MessageRow } from './ChatStore';
import { MessageView } from './MessageView';
import styles from './chat.module.css';

/** spec chat §2 and §9: the list becomes virtual above 20 items. */
export const VIRTUAL_ABOVE = 20;

/**
 * The virtual list (and its library) is its own chunk: an empty chat page never needs it. The page
 * asks for it early (`preloadVirtualMessages`): with the conversation's own request when the URL
 * opens one, otherwise once the page is idle. Loaded like a page (`lazyPage`): once its code is in
 * it renders at once, not through Suspense, whose fallback React would hold for 300 ms.
 */
const VirtualMessages = lazyPage(() => import(/* webpackChunkName: "virtual-messages" */ './VirtualMessages').then((m) => m.default));
export const preloadVirtualMessages = (): void => {
  VirtualMessages.preload().catch(() => {
    // the list's render asks again
  });
};

interface Props {
  store: ChatStore;
  scrollBox: RefObject<HTMLDivElement | null>;
  onFollowUp(question: string): void;
  /** Opens the export dialog for the branch shown. */
  onExport(): void;
  /** A model's display name for an answer's header (never its code). */
  nameOf(model: string): string;
}

/**
 * The messages of the branch shown and the answer being generated (`store.rows`); only those near
 * the viewport are rendered in long conversations.
 */
export const MessageList = observer(function MessageList({ store, scrollBox, onFollowUp, onExport, nameOf }: Props) {
  const rows = store.rows;
  const lastIndex = store.busy ? -1 : rows.length - 1;
  const render = ({ message, live }: MessageRow, index: number) => (
    <MessageView store={store} message={message} live={live} isLast={index === lastIndex} onFollowUp={onFollowUp} onExport={onExport} modelName={nameOf(message.node.model || message.node.modelName)} />
  );
  if (rows.length <= VIRTUAL_ABOVE) return <PlainMessages rows={rows} render={render} />;
  return (
    // Until the chunk is in (it rarely is not: see preloadVirtualMessages), the end of the conversation.
    <Suspense fallback={<PlainMessages rows={rows.slice(-VIRTUAL_ABOVE)} offset={rows.length - VIRTUAL_ABOVE} render={render} />}>
      <VirtualMessages rows={rows} scrollBox={scrollBox} render={render} />
    </Suspense>
  );
});

function PlainMessages({ rows, offset = 0, render }: { rows: MessageRow[]; offset?: number; render(row: MessageRow, index: number): ReactElement }) {
  return (
    <>
      {rows.map((row, index) => (
        <div key={row.key} className={styles.listItem}>
          {render(row, offset + index)}
        </div>
      ))}
    </>
  );
}
