import { UPLOADED_FILE_PATH } from '../uploads/index.js';

/**
 * Images an author uploaded for an agent (icon, assistant avatar, role-play avatars) are shown at
 * this public path: an <img> sends no bearer token, and a public agent's icon is for everyone. The
 * route serves an upload only while a live agent uses it; a private agent's image is as private as
 * its unguessable id (24 random characters).
 */
export const AGENT_IMAGE_PATH = '/app-api/public/agent-images';

const UPLOAD_ID = /^[A-Za-z0-9_-]{24}$/;

/** The upload id of an agent image URL, in its public form or as the uploads module answered it; null for any other URL. */
export function uploadIdOfImage(url: string): string | null {
  for (const prefix of [AGENT_IMAGE_PATH, UPLOADED_FILE_PATH]) {
    if (!url.startsWith(`${prefix}/`)) continue;
    const id = url.slice(prefix.length + 1);
    return UPLOAD_ID.test(id) ? id : null;
  }
  return null;
}

/** How an agent keeps and shows an image: an upload by its public URL, a built-in icon as it is. */
export function publicImageUrl(url: string | null): string | null {
  if (url === null) return null;
  const id = uploadIdOfImage(url);
  return id === null ? url : `${AGENT_IMAGE_PATH}/${id}`;
}
