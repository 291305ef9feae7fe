/** Which chosen files the order form accepts (section 5): .txt, .pdf, .docx, at most 5 in all. */
import { LIMITS } from '@app/contract';

export interface FilePick {
  accepted: File[];
  /** Names with another extension. */
  unsupported: string[];
  /** The accepted files would make more than 5: none of them is added. */
  tooMany: boolean;
}

function isSupportedFile(name: string): boolean {
  const lower = name.toLowerCase();
  return LIMITS.files.extensions.some((ext) => lower.endsWith(ext));
}

export function pickFiles(chosen: File[], alreadyAttached: number): FilePick {
  const supported = chosen.filter((f) => isSupportedFile(f.name));
  const unsupported = chosen.filter((f) => !isSupportedFile(f.name)).map((f) => f.name);
  const tooMany = alreadyAttached + supported.length > LIMITS.files.max;
  return { accepted: tooMany ? [] : supported, unsupported, tooMany };
}
