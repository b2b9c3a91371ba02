const encoder = new TextEncoder();

export const utf8Bytes = (text: string): Uint8Array => encoder.encode(text);

/** The bytes as UTF-8 text, or null when they are not valid UTF-8. */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export const toHex = (bytes: Uint8Array, separator = ''): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(separator);

/** Standard Base64 (RFC 4648 §4) of bytes, padded. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list small for large files.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Hex digits (spaces and a 0x prefix allowed) to bytes; null when they are not whole bytes of hex. */
export function hexToBytes(text: string): Uint8Array | null {
  const hex = text.replace(/^0x/i, '').replace(/\s+/g, '');
  if (hex.length % 2 !== 0 || /[^0-9a-fA-F]/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}
