declare module 'markdown-it-texmath' {
  type MarkdownIt = ReturnType<typeof import('markdown-it').default>;
  interface TexmathOptions {
    engine: { renderToString(tex: string, options: { displayMode?: boolean }): string };
    delimiters?: string | string[];
    katexOptions?: Record<string, unknown>;
  }
  const texmath: (md: MarkdownIt, options: TexmathOptions) => void;
  export default texmath;
}
