/**
 * Remarks typed as text: one per paragraph, or one per item of a numbered or bulleted list (a
 * line that does not start an item continues the one before). «1.2 раскройте подробнее» is a
 * remark on subsection 1.2, not the second item of list 1. A paragraph or item without a word is
 * no remark.
 */

/** A list item's marker: «1.», «2)», «-», «–», «•», «*» (not «1.2»). */
const ITEM = /^\s*(?:\d{1,2}[.)](?!\d)|[-–—•*])\s*/u;

export function splitRemarks(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const listed = lines.some((l) => ITEM.test(l) && l.replace(ITEM, '').trim());
  const out: string[] = [];
  let current: string[] = [];
  const flush = () => {
    const remark = current.join(' ').replace(/\s+/g, ' ').trim();
    // A line without a word («—», «…», an empty item «3.») asks for nothing.
    if (/\p{L}/u.test(remark)) out.push(remark);
    current = [];
  };
  const paragraphs = !listed && /\n\s*\n/.test(text);
  for (const line of lines) {
    if (!line.trim()) {
      flush();
      continue;
    }
    if (listed ? ITEM.test(line) : !paragraphs) flush();
    current.push(listed ? line.replace(ITEM, '') : line);
  }
  flush();
  return out;
}
