/**
 * The data of a request-client call, for area API modules: the client answers null when it
 * refuses to call (devtools detected), which reaches the caller as an error like any failure.
 */
export async function dataOf<T>(call: Promise<{ data: T } | null>): Promise<T> {
  const answer = await call;
  if (!answer) throw new Error('request skipped');
  return answer.data;
}
