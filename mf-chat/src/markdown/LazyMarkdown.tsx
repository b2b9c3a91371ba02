import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './Markdown';

const Markdown = lazy(() => import(/* webpackChunkName: "markdown" */ './Markdown').then((m) => ({ default: m.Markdown })));

/**
 * The markdown renderer (markdown-it and DOMPurify) loads with the first message shown, not with
 * the chat page; until then — a moment, once — the text shows as it was written.
 */
export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<div className={props.className} style={{ whiteSpace: 'pre-wrap' }}>{props.source}</div>}>
      <Markdown {...props} />
    </Suspense>
  );
}
