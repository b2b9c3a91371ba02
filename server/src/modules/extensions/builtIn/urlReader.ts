import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { EXTENSION_MESSAGES } from '../codes.js';
import { cutText } from '../results.js';
import { answered, ToolRefusal } from './toolResult.js';
import { fetchPublicPage, type Connector, type Resolver } from './web/pageFetch.js';
import { readableText } from './web/readableText.js';

/** The text a read answers is cut here. */
export const PAGE_TEXT_MAX_CHARS = 20_000;

export interface WebAccess {
  /** EXTENSIONS_OUTBOUND_FETCH: off, every URL is refused with a clear reason. */
  allowed: boolean;
  /** Tests inject these; the product resolves with DNS and connects with node's http(s). */
  resolve?: Resolver;
  connect?: Connector;
}

/** 网页读取: one public page's title and readable text. */
export function registerUrlReaderTools(server: McpServer, web: WebAccess): void {
  server.registerTool(
    'read_url',
    {
      title: '读取网页',
      description: '读取一个公开网页（http/https）并返回标题和正文文本。用户给出链接、或需要查看某个网页的内容时调用。不能访问内网地址；只支持网页和纯文本。',
      inputSchema: { url: z.string().min(1).max(2000).describe('网页地址，以 http:// 或 https:// 开头') },
    },
    async ({ url }, extra) =>
      answered(async () => {
        if (!web.allowed) throw new ToolRefusal(EXTENSION_MESSAGES.outboundOff);
        const page = await fetchPublicPage(url.trim(), { resolve: web.resolve, connect: web.connect, signal: extra.signal });
        const { title, text } = readableText(page.body, page.kind);
        if (!text) return `${title ? `标题：${title}\n` : ''}网址：${page.url}\n（页面没有可读的正文）`;
        return [
          title ? `标题：${title}` : null,
          `网址：${page.url}`,
          page.truncated ? '（网页超过 2 MB，只读取了前 2 MB）' : null,
          '',
          cutText(text, PAGE_TEXT_MAX_CHARS),
        ]
          .filter((line) => line !== null)
          .join('\n');
      }),
  );
}
