/** A call that did not succeed; `code` is the envelope code, or the HTTP status for transport failures. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly kind: 'business' | 'http' | 'network' | 'timeout' | 'session' = 'business',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
