/**
 * The cheap check of an upload, made while it streams to disk, so that a broken file is refused
 * before any money is asked for, without holding the file in memory:
 * - the extension is .txt, .pdf or .docx, and the first bytes say the same (as sniffFile does);
 * - a text has no NUL byte anywhere and is UTF-8 to its last byte, or windows-1251 Russian text,
 *   or starts with a UTF-16 byte order mark (the three encodings the extractor reads);
 * - a PDF ends with its trailer (%%EOF in the last 1024 bytes), so a cut-off upload is refused;
 * - a .docx is a zip whose directory holds word/document.xml, with every entry's declared size
 *   checked and nothing unpacked.
 * Reading the text out is the worker's job (extractSourceText), after payment.
 */
import { isUtf8 } from 'node:buffer';
import { PaperError } from '../../errors.ts';
import { listZipFile, type ZipLimits } from '../../zip.ts';
import { detectContent, KIND_NAMES, kindOfName, UNSUPPORTED_FORMAT, type FileKind, type SniffResult } from './sniff.ts';

/** Limits on a .docx's zip, the same at upload and when the text is read out. */
export const SOURCE_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxTotalBytes: 60 * 1024 * 1024,
  maxEntryBytes: 40 * 1024 * 1024,
  maxRatio: 150,
};

/** As many first bytes as sniffFile looks at. */
const HEAD_BYTES = 64 * 1024;
/** PDF readers look for %%EOF in the last 1024 bytes. */
const TAIL_BYTES = 1024;

const notText = `Содержимое файла не соответствует расширению .txt: это ${KIND_NAMES.binary}`;
const notUtf8 = 'Текстовый файл должен быть в кодировке UTF-8 (или windows-1251): сохраните его в UTF-8 и загрузите снова';

/** Lead byte -> length of its UTF-8 sequence (0 for a byte that cannot start one). */
const sequenceLength = (lead: number) => (lead < 0x80 ? 1 : lead < 0xc2 ? 0 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf5 ? 4 : 0);

/** How many leading bytes of `b` end on a sequence boundary; the rest waits for the next chunk. */
function wholeSequences(b: Uint8Array): number {
  for (let i = b.length - 1; i >= Math.max(0, b.length - 3); i--) {
    if ((b[i] & 0xc0) === 0x80) continue;
    return b.length - i < sequenceLength(b[i]) ? i : b.length;
  }
  return b.length;
}

/** windows-1251 Russian text: its bytes above 0x7f are mostly letters (А-я, Ё, ё). */
function looksLikeCp1251(head: Uint8Array): boolean {
  let high = 0;
  let letters = 0;
  for (const b of head) {
    if (b < 0x80) continue;
    high++;
    if (b >= 0xc0 || b === 0xa8 || b === 0xb8) letters++;
  }
  return letters >= high * 0.9;
}

export class UploadInspector {
  /** The kind the extension names; null for an extension we do not take. */
  readonly kind: FileKind | null;
  private size = 0;
  private headChunks: Buffer[] = [];
  private head: Buffer | null = null;
  private tail = Buffer.alloc(0);
  private utf8 = true;
  /** The start of a UTF-8 sequence cut by the end of the last chunk. */
  private pending = Buffer.alloc(0);
  private reason: string | null = null;
  /** The first two bytes (a UTF-16 byte order mark?). */
  private bom: number[] = [];

  constructor(fileName: string) {
    this.kind = kindOfName(fileName);
    if (!this.kind) this.reason = UNSUPPORTED_FORMAT;
  }

  /** Why the file is refused, as soon as that is known (null while it may still be good). */
  get rejected(): string | null {
    return this.reason;
  }

  /** Takes the next chunk; returns the reason once the bytes show the file cannot be accepted. */
  push(chunk: Uint8Array): string | null {
    if (this.reason) return this.reason;
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.size < 2) this.bom.push(...bytes.subarray(0, 2 - this.size));
    this.size += bytes.length;
    if (!this.head) {
      this.headChunks.push(Buffer.from(bytes));
      if (this.size >= HEAD_BYTES) this.checkHead();
    }
    if (this.kind === 'pdf') {
      const joined = bytes.length >= TAIL_BYTES ? bytes : Buffer.concat([this.tail, bytes]);
      this.tail = Buffer.from(joined.subarray(Math.max(0, joined.length - TAIL_BYTES)));
    }
    if (this.kind === 'txt' && !this.reason) this.checkText(bytes);
    return this.reason;
  }

  /** The verdict once the whole file is on disk at `path`. */
  async finish(path: string, zipLimits: ZipLimits = SOURCE_ZIP_LIMITS): Promise<SniffResult> {
    if (!this.reason && this.size === 0) this.reason = 'Файл пустой';
    if (!this.reason && !this.head) this.checkHead();
    if (this.reason) return { ok: false, reason: this.reason };
    if (this.kind === 'pdf' && this.tail.indexOf('%%EOF') < 0) {
      return { ok: false, reason: 'PDF-файл повреждён или передан не полностью: нет конца файла (%%EOF)' };
    }
    if (this.kind === 'txt' && !this.isUtf16() && (!this.utf8 || this.pending.length) && !looksLikeCp1251(this.head!)) {
      return { ok: false, reason: notUtf8 };
    }
    if (this.kind === 'docx') {
      try {
        if (!(await listZipFile(path, zipLimits)).has('word/document.xml'))
          return { ok: false, reason: 'В файле .docx нет основного текста (word/document.xml)' };
      } catch (error) {
        if (error instanceof PaperError) return { ok: false, reason: error.message };
        throw error;
      }
    }
    return { ok: true, kind: this.kind! };
  }

  private checkHead() {
    this.head = Buffer.concat(this.headChunks).subarray(0, HEAD_BYTES);
    this.headChunks = [];
    const content = detectContent(this.head);
    // The head may end before word/document.xml is named; the zip's directory decides that.
    const agrees = content === this.kind || (this.kind === 'docx' && content === 'zip');
    if (!agrees)
      this.reason = `Содержимое файла не соответствует расширению .${this.kind}: это ${KIND_NAMES[content] ?? 'файл другого типа'}`;
  }

  private isUtf16(): boolean {
    const [a, b] = this.bom;
    return (a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff);
  }

  private checkText(bytes: Buffer) {
    if (this.isUtf16()) return;
    if (bytes.indexOf(0) >= 0) {
      this.reason = notText;
      return;
    }
    if (!this.utf8) return;
    let start = 0;
    if (this.pending.length) {
      const length = sequenceLength(this.pending[0]);
      const joined = Buffer.concat([this.pending, bytes.subarray(0, length - this.pending.length)]);
      if (joined.length < length) {
        this.pending = joined;
        return;
      }
      if (!isUtf8(joined)) this.utf8 = false;
      start = length - this.pending.length;
    }
    const rest = bytes.subarray(start);
    const whole = wholeSequences(rest);
    if (!isUtf8(rest.subarray(0, whole))) this.utf8 = false;
    this.pending = Buffer.from(rest.subarray(whole));
  }
}
