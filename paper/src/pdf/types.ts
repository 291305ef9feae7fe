/** What converts the engine's documents to PDF (LibreOffice, pool.ts). */
/** What is converted: a document (Writer) or slides (Impress). */
export type OfficeKind = 'docx' | 'pptx';

export interface PdfConverter {
  convert(file: Uint8Array, options?: { signal?: AbortSignal; kind?: OfficeKind }): Promise<Buffer>;
  close(): Promise<void>;
  readonly stats: { conversions: number; failures: number; restarts: number };
}
