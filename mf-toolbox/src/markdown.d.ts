// The markdown files under content/, imported as text (webpack asset/source; jest-markdown-transform.cjs).
declare module '*.md' {
  const text: string;
  export default text;
}
