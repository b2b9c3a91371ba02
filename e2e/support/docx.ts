import zlib from 'node:zlib';

/** A zip of stored (uncompressed) entries: all a .docx needs to be read by Word and mammoth. */
function storedZip(files: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    // The central entry is the local header with "version made by" in front (2 bytes more) and the offset at the end.
    const header = (central: boolean) => {
      const b = Buffer.alloc(central ? 46 : 30);
      const at = central ? 6 : 4;
      b.writeUInt32LE(central ? 0x02014b50 : 0x04034b50, 0);
      if (central) b.writeUInt16LE(20, 4);
      b.writeUInt16LE(20, at); // version needed
      b.writeUInt16LE(0x0800, at + 2); // UTF-8 names; method (at + 4) 0: stored
      b.writeUInt32LE(crc, at + 10);
      b.writeUInt32LE(data.length, at + 14);
      b.writeUInt32LE(data.length, at + 18);
      b.writeUInt16LE(fileName.length, at + 22);
      if (central) b.writeUInt32LE(offset, 42);
      return b;
    };
    parts.push(header(false), fileName, data);
    directory.push(header(true), fileName);
    offset += 30 + fileName.length + data.length;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length / 2, 8);
  end.writeUInt16LE(directory.length / 2, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, central, end]);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal Word document with one paragraph per string. */
export function docxOf(paragraphs: string[]): Buffer {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  return storedZip({
    '[Content_Types].xml': `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    '_rels/.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/document.xml': `${xml}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`).join('')}</w:body></w:document>`,
  });
}
