import { MESSAGES } from './messages';

export interface SignedHeaders {
  type: string;
  sec: string;
  sec2: string;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The three headers every call carries (spec platform §3): `type` a random 16-byte nonce, `sec`
 * the unix seconds encrypted with AES-128-CBC (PKCS#7) and base64-encoded, `sec2` the seconds in
 * plain text. WebCrypto needs a secure context (HTTPS or localhost); elsewhere signing fails with
 * a clear message rather than sending unsigned calls the server would refuse.
 */
export function createSigner(keyText: () => string, ivText: () => string) {
  let cached: { keyText: string; key: Promise<CryptoKey> } | null = null;

  function key(): Promise<CryptoKey> {
    const current = keyText();
    if (cached?.keyText !== current) {
      const subtle = globalThis.crypto?.subtle;
      if (!subtle) return Promise.reject(new Error(MESSAGES.insecureContext));
      cached = { keyText: current, key: subtle.importKey('raw', new TextEncoder().encode(current), { name: 'AES-CBC' }, false, ['encrypt']) };
    }
    return cached.key;
  }

  return async function sign(nowSeconds: number): Promise<SignedHeaders> {
    const seconds = String(Math.floor(nowSeconds));
    const nonce = new Uint8Array(16);
    globalThis.crypto.getRandomValues(nonce);
    const iv = new TextEncoder().encode(ivText());
    const encrypted = await globalThis.crypto.subtle.encrypt({ name: 'AES-CBC', iv }, await key(), new TextEncoder().encode(seconds));
    return { type: base64(nonce), sec: base64(new Uint8Array(encrypted)), sec2: seconds };
  };
}
