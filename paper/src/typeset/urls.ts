/**
 * A long URL in a justified line: without a place to break it moves whole to the next line and the
 * line before is stretched. A zero-width space after "/", ".", "-", "_", "?", "&", "=" in a URL lets
 * it break there (Word and LibreOffice both break at U+200B) and prints nothing.
 */
export const BREAK = '\u200B';

const URL = /\bhttps?:\/\/[^\s<>«»"]+/g;

export function breakableUrls(text: string): string {
  return text.replace(URL, (url) => {
    const [, scheme, rest] = /^(https?:\/\/)(.*)$/.exec(url)!;
    // Not inside "https://"; and not before the closing period of a record.
    return scheme + rest.replace(/([/._?&=-])(?=[^\s])/g, `$1${BREAK}`);
  });
}

/** The text as it was before the breaks were added (for reading a typeset document back). */
export const withoutBreaks = (text: string) => text.replaceAll(BREAK, '');
