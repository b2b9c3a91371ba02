import type { FastifyReply } from 'fastify';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Markup made by `html` (or `raw`): put into another `html` template as is, not escaped again. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

/** Markup written here, never from a caller or a user (a `data-testid`, a fixed attribute). */
export const raw = (markup: string) => new Html(markup);

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

function markupOf(part: Part): string {
  if (part instanceof Html) return part.markup;
  if (Array.isArray(part)) return part.map(markupOf).join('');
  if (part === null || part === undefined || part === false || part === true) return '';
  return escapeHtml(String(part));
}

/** A template of markup: every value put into it is escaped, except what `html` itself made; null, undefined and booleans leave nothing. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  return new Html(strings.reduce((out, text, i) => out + text + (i < values.length ? markupOf(values[i]!) : ''), ''));
}

/** A POST form to `action` with hidden `fields` and one submit button (the stand-in pages' choices). */
export function postForm(action: string, fields: Record<string, string>, label: string, primary: boolean): Html {
  return html`
    <form method="post" action="${action}">
      ${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
      <button type="submit" class="${primary ? 'primary' : ''}">${label}</button>
    </form>`;
}

export interface StandInPageOptions {
  /** The page's title and heading. */
  title: string;
  /** What the page stands in for, shown under the heading. */
  intro: string;
  body: Html;
  /** The primary button's colour (WeChat green, the cashier's blue). */
  accent: string;
  /** The card's width in pixels. */
  width: number;
  /** Buttons one above the other (wide ones) instead of side by side. */
  stackedActions?: boolean;
}

/**
 * A page that plays, on this server, the part of someone's phone (the local WeChat confirm page,
 * the sandbox cashier): one centred card with a heading, an explanation and the page's own content.
 */
export function standInPage({ title, intro, body, accent, width, stackedActions = false }: StandInPageOptions): string {
  const actions = stackedActions ? 'flex-direction: column; gap: 12px; align-items: center;' : 'gap: 12px; justify-content: center;';
  return html`<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f5f5; margin: 0; }
  main { max-width: ${width}px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px 24px; text-align: center; box-shadow: 0 2px 12px rgba(0,0,0,.06); }
  h1 { font-size: 20px; margin: 0 0 12px; }
  p { color: #555; line-height: 1.6; }
  .amount { font-size: 32px; font-weight: 700; color: #111; margin: 12px 0 4px; }
  .status { color: #111; font-weight: 600; }
  .actions { display: flex; ${raw(actions)} margin-top: 20px; }
  button { font-size: 16px; padding: 10px 28px; border-radius: 8px; border: 1px solid #ccc; background: #fff; cursor: pointer;${raw(stackedActions ? ' min-width: 220px;' : '')} }
  button.primary { background: ${accent}; border-color: ${accent}; color: #fff; }
  small { color: #888; }
</style>
</head>
<body>
<main>
  <h1>${title}</h1>
  <p>${intro}</p>
  ${body}
</main>
</body>
</html>`.markup;
}

/** A small server-made page (the local confirm pages): never cached, no scripts, forms only to this site. */
export function sendPage(reply: FastifyReply, html: string) {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .send(html);
}
