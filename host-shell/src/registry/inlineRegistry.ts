/** The id of the data block the server writes into the page (server/src/modules/platform/hostPageContent.ts). */
export const REGISTRY_BLOCK_ID = 'qm-registry';

/**
 * The registry the server wrote into this page for this visitor, parsed: undefined when the page
 * carries none (the dev server's page, an older server), null when the block is not JSON. Either
 * way `loadRegistry` then asks the API.
 */
export function inlinedRegistry(doc: Pick<Document, 'getElementById'> = document): unknown {
  const text = doc.getElementById(REGISTRY_BLOCK_ID)?.textContent;
  if (text === undefined || text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
