import { sign, type KeyObject } from 'node:crypto';

/**
 * A minimal self-signed X.509 v3 certificate (sha256WithRSAEncryption), written in DER by hand so
 * tests can exercise the platform-certificate path without OpenSSL or a dependency.
 */
export function selfSignedCertificatePem(keys: { publicKey: KeyObject; privateKey: KeyObject }, serialHex: string, commonName: string): string {
  const sha256WithRsa = sequence(objectId('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const name = sequence(set(sequence(objectId('2.5.4.3'), element(0x0c, Buffer.from(commonName, 'utf8')))));
  const notBefore = new Date(Date.now() - 86_400_000);
  const notAfter = new Date(Date.now() + 365 * 86_400_000);
  const tbs = sequence(
    element(0xa0, integer(Buffer.from([2]))),
    integer(Buffer.from(serialHex.length % 2 ? `0${serialHex}` : serialHex, 'hex')),
    sha256WithRsa,
    name,
    sequence(utcTime(notBefore), utcTime(notAfter)),
    name,
    keys.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, keys.privateKey);
  const der = sequence(tbs, sha256WithRsa, element(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

function element(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let header: Buffer;
  if (length < 0x80) {
    header = Buffer.from([tag, length]);
  } else {
    const lengthBytes = Buffer.from(length.toString(16).padStart(length > 0xff ? 4 : 2, '0'), 'hex');
    header = Buffer.from([tag, 0x80 | lengthBytes.length, ...lengthBytes]);
  }
  return Buffer.concat([header, content]);
}

function sequence(...parts: Buffer[]): Buffer {
  return element(0x30, Buffer.concat(parts));
}

function set(...parts: Buffer[]): Buffer {
  return element(0x31, Buffer.concat(parts));
}

function integer(bigEndian: Buffer): Buffer {
  // A leading 1 bit would make the integer negative.
  return element(0x02, bigEndian[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bigEndian]) : bigEndian);
}

function objectId(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first! * 40 + second!];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) groups.unshift((value & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return element(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return element(0x17, Buffer.from(`${text}Z`, 'ascii'));
}
