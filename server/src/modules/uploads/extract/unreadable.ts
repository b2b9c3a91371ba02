/** A document that cannot be read; the message says why, in words for the user. */
export class DocumentUnreadable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocumentUnreadable';
  }
}
