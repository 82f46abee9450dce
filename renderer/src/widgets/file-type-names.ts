/**
 * The names people know file types by (PDF, PNG, Word), for a declared list of MIME types: the hint under a file
 * control says which files it takes. Markdown's two types (text/markdown, text/x-markdown) are one name.
 */
const KNOWN: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word (DOC)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (DOCX)',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'text/markdown': 'Markdown',
  'text/x-markdown': 'Markdown',
  'text/plain': 'TXT',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (XLSX)',
};

/** One name per type, in the declared order, each once; an undeclared type by its subtype in capitals (image/gif: GIF). */
export function fileTypeNames(mimeTypes: readonly string[]): string[] {
  const names = mimeTypes.map((m) => KNOWN[m] ?? (m.split('/')[1] ?? m).toUpperCase());
  return [...new Set(names)];
}
