/**
 * Cheap, synchronous content sniffing for the upload endpoint: the extension must be .txt, .pdf or
 * .docx and the bytes must be what the extension says.
 */
export type FileKind = 'txt' | 'pdf' | 'docx';
export type SniffResult = { ok: true; kind: FileKind } | { ok: false; reason: string };

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export const KIND_NAMES: Record<string, string> = {
  pdf: 'PDF-документ',
  docx: 'документ Word (.docx)',
  zip: 'ZIP-архив',
  doc: 'документ Word старого формата (.doc)',
  image: 'изображение',
  binary: 'двоичный файл',
  txt: 'текстовый файл',
};

function startsWith(bytes: Uint8Array, sig: number[], at = 0): boolean {
  return sig.every((b, i) => bytes[at + i] === b);
}

function indexOfAscii(bytes: Uint8Array, text: string, from = 0, to = bytes.length): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(from, to).indexOf(text);
}

/** What the bytes look like, whatever the name says. */
export function detectContent(bytes: Uint8Array): string {
  if (indexOfAscii(bytes, '%PDF-', 0, Math.min(bytes.length, 1024)) >= 0) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    return indexOfAscii(bytes, 'word/document.xml') >= 0 ? 'docx' : 'zip';
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return 'doc';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) || startsWith(bytes, [0xff, 0xd8, 0xff]) || startsWith(bytes, [0x47, 0x49, 0x46]))
    return 'image';
  // Text: no NUL bytes and few control characters in the first 64 KB (UTF-16 has a BOM).
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return 'txt';
  const head = bytes.subarray(0, 65536);
  let control = 0;
  for (const b of head) {
    if (b === 0) return 'binary';
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) control++;
  }
  return control / Math.max(1, head.length) < 0.01 ? 'txt' : 'binary';
}

export const UNSUPPORTED_FORMAT = 'Неподдерживаемый формат файла: можно загрузить только .txt, .pdf и .docx';

/** The kind a file name's extension names, or null for one we do not take. */
export function kindOfName(fileName: string): FileKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  return ['txt', 'pdf', 'docx'].includes(ext) ? (ext as FileKind) : null;
}

export function sniffFile(bytes: Uint8Array, fileName: string): SniffResult {
  const ext = kindOfName(fileName);
  if (!ext) return { ok: false, reason: UNSUPPORTED_FORMAT };
  if (bytes.byteLength === 0) return { ok: false, reason: 'Файл пустой' };
  if (bytes.byteLength > MAX_FILE_BYTES) return { ok: false, reason: `Файл больше ${MAX_FILE_BYTES / 1024 / 1024} МБ` };
  const content = detectContent(bytes);
  if (content !== ext) {
    return { ok: false, reason: `Содержимое файла не соответствует расширению .${ext}: это ${KIND_NAMES[content] ?? 'файл другого типа'}` };
  }
  return { ok: true, kind: ext };
}
