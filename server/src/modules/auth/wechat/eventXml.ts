/** The text of a top-level element of a WeChat push (CDATA or plain), or null. */
export function xmlField(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`).exec(xml);
  if (!match) return null;
  return match[1] ?? decodeEntities(match[2]!.trim());
}

function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
}

export interface ScanEvent {
  openid: string;
  /** The scene string the QR code was created with. */
  scene: string;
}

/**
 * A scan of a QR code with a scene: `subscribe` with EventKey `qrscene_<scene>` when the user
 * follows the account by scanning, `SCAN` with EventKey `<scene>` when they already follow it.
 */
export function scanEventOf(xml: string): ScanEvent | null {
  if (xmlField(xml, 'MsgType') !== 'event') return null;
  const event = xmlField(xml, 'Event');
  const key = xmlField(xml, 'EventKey');
  const openid = xmlField(xml, 'FromUserName');
  if (!key || !openid) return null;
  if (event === 'subscribe' && key.startsWith('qrscene_')) return { openid, scene: key.slice('qrscene_'.length) };
  if (event === 'SCAN') return { openid, scene: key };
  return null;
}
