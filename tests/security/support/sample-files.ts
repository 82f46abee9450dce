/** The smallest bytes that pass the file store's signature check for a type (engine/files/file-store.ts). */
const SIGNATURES: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46],
  'image/gif': [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0],
  'image/webp': [0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  'application/pdf': [...new TextEncoder().encode('%PDF-1.4\n%%EOF\n')],
};

/** A file an upload command accepts: its first allowed type (any type when it allows all). */
export function sampleFile(mimeTypes: readonly string[], name = 'sample'): File {
  const type = mimeTypes[0] ?? 'text/plain';
  const bytes = Uint8Array.from(SIGNATURES[type] ?? [...new TextEncoder().encode('sample text')]);
  const ext = type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';
  return new File([bytes], `${name}.${ext}`, { type });
}

/** The multipart body of an upload command: the record's id and the file in "document". */
export function uploadForm(id: number, file: File): FormData {
  const form = new FormData();
  form.set('id', String(id));
  form.set('document', file);
  return form;
}

/** The multipart body of an attach command: a new record's fields beside its file. */
export function attachForm(fields: Record<string, unknown>, file: File): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.set(k, String(v));
  form.set('document', file);
  return form;
}
