import { inflateSync } from 'node:zlib';

/** The text a PDF shows: its content streams inflated, the hex strings of each TJ/Tj decoded. */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const dataStart = start + (raw[start + 6] === 0x0d ? 8 : 7);
    const end = raw.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    const chunk = raw.subarray(dataStart, end);
    let content: string;
    try {
      content = inflateSync(chunk).toString('latin1');
    } catch {
      content = chunk.toString('latin1');
    }
    for (const m of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hex = m[1] !== undefined ? [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]).join('') : m[2];
      out.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
    at = end + 9;
  }
  return out.join('\n');
}
