/** Text others sent (a browser's report, a user agent) with control characters shown as \uXXXX, so it cannot drive the operator's terminal. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
