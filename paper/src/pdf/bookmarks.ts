/** Reads a PDF's bookmarks (LibreOffice writes one per heading) and its page count. */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString } from 'pdf-lib';

export interface Bookmark {
  title: string;
  level: number;
  /** 1-based page number the heading falls on. */
  page: number;
}

export async function readPdf(pdf: Uint8Array): Promise<{ pageCount: number; bookmarks: Bookmark[] }> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  const pageRefs = doc.getPages().map((p) => p.ref.toString());
  const items: Bookmark[] = [];
  const root = doc.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  const seen = new Set<PDFDict>();
  const walk = (first: PDFDict | undefined, level: number) => {
    for (let node = first; node && !seen.has(node); node = node.lookupMaybe(PDFName.of('Next'), PDFDict)) {
      seen.add(node);
      const t = node.lookup(PDFName.of('Title'));
      const title = t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : '';
      let dest = node.lookup(PDFName.of('Dest'));
      const action = node.lookupMaybe(PDFName.of('A'), PDFDict);
      if (!dest && action) dest = action.lookup(PDFName.of('D'));
      let page = 0;
      if (dest instanceof PDFArray) {
        const target = dest.get(0);
        if (target instanceof PDFRef) page = pageRefs.indexOf(target.toString()) + 1;
      }
      items.push({ title: title.replace(/\s+/g, ' ').trim(), level, page });
      walk(node.lookupMaybe(PDFName.of('First'), PDFDict), level + 1);
    }
  };
  walk(root?.lookupMaybe(PDFName.of('First'), PDFDict), 0);
  return { pageCount: pageRefs.length, bookmarks: items };
}

/** A PDF of the first `pages` pages (the demo preview). */
export async function cutPdf(pdf: Uint8Array, pages: number): Promise<Buffer> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const count = Math.min(pages, source.getPageCount());
  if (count === source.getPageCount()) return Buffer.from(pdf);
  const out = await PDFDocument.create();
  const copied = await out.copyPages(
    source,
    Array.from({ length: count }, (_, i) => i),
  );
  for (const page of copied) out.addPage(page);
  return Buffer.from(await out.save());
}
