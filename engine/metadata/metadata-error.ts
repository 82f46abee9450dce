/** A fault in the metadata, located by file path and JSON pointer. Boot and `npm run check` print every one. */
export interface MetadataFault {
  file: string;
  pointer: string;
  message: string;
}

export class MetadataError extends Error {
  constructor(readonly faults: readonly MetadataFault[]) {
    super(
      `metadata has ${faults.length} fault(s):\n` +
        faults.map((f) => `  ${f.file}#${f.pointer} ${f.message}`).join('\n'),
    );
    this.name = 'MetadataError';
  }
}
