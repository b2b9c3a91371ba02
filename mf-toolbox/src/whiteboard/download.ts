/** Saves a blob as a file download under `name`. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a board title: characters file systems refuse replaced. */
export const fileNameOf = (title: string, extension: string) => `${title.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'whiteboard'}.${extension}`;
