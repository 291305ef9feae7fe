/**
 * A stand-in for the repositories that serve open full texts: real HTTP on 127.0.0.1 serving PDFs
 * made here (with page labels or numbers printed on the pages), a 404, a slow answer and an HTML
 * page that calls itself a PDF.
 *
 * The PDFs carry Russian text without embedding a font: the standard Helvetica with an encoding
 * whose extra codes name Unicode glyphs ("uni0410"), which is how a PDF reader turns them back into
 * text. Nothing here is meant to look right on screen, only to read as text.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beginText, endText, moveText, PDFDocument, PDFHexString, PDFName, setFontAndSize, showText } from 'pdf-lib';

export interface TestPdf {
  /** Lines of each page, top to bottom. */
  pages: string[][];
  /** Page labels: decimal numbers from this one. */
  labelsFrom?: number;
}

export async function makePdf(spec: TestPdf): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const extra = [
    ...new Set(
      spec.pages
        .flat()
        .join('')
        .split('')
        .filter((c) => c.charCodeAt(0) > 126),
    ),
  ];
  if (extra.length > 127) throw new Error('too many distinct non-ASCII characters for one font');
  const codeOf = new Map(extra.map((c, i) => [c, 128 + i]));
  const font = doc.context.register(
    doc.context.obj({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: 'Helvetica',
      Encoding: {
        Type: 'Encoding',
        BaseEncoding: 'WinAnsiEncoding',
        Differences: [128, ...extra.map((c) => PDFName.of(`uni${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`))],
      },
    }),
  );
  const encode = (line: string) =>
    PDFHexString.of([...line].map((c) => (codeOf.get(c) ?? c.charCodeAt(0)).toString(16).padStart(2, '0')).join(''));
  for (const lines of spec.pages) {
    const page = doc.addPage([595, 842]);
    page.node.setFontDictionary(PDFName.of('F1'), font);
    lines.forEach((line, i) => {
      page.pushOperators(beginText(), setFontAndSize('F1', 10), moveText(50, 800 - i * 14), showText(encode(line)), endText());
    });
  }
  if (spec.labelsFrom !== undefined) {
    doc.catalog.set(PDFName.of('PageLabels'), doc.context.obj({ Nums: [0, { S: 'D', St: spec.labelsFrom }] }));
  }
  return doc.save();
}

/** Wraps a paragraph into lines of a page. */
export function wrap(text: string, width = 95): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export interface PdfServer {
  url: (path: string) => string;
  /** Requests served, by path: a full text is downloaded once. */
  hits: Map<string, number>;
  close: () => Promise<void>;
}

/** Serves `files` by path, plus /missing.pdf (404), /slow.pdf (answers after `slowMs`), /fake.pdf (HTML)
 * /redirect?to=URL (302 to that URL) and /loop (302 to itself). */
export async function startPdfServer(files: Record<string, Uint8Array>, slowMs = 5_000): Promise<PdfServer> {
  const hits = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const requested = new URL(req.url ?? '/', 'http://localhost');
    const path = requested.pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files[path];
    if (path === '/redirect' || path === '/loop') {
      res.writeHead(302, { location: path === '/loop' ? '/loop' : (requested.searchParams.get('to') ?? '/') });
      res.end();
    } else if (file) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': file.length });
      res.end(Buffer.from(file));
    } else if (path === '/slow.pdf') {
      const timer = setTimeout(() => res.end('%PDF-1.7 too late'), slowMs);
      timers.add(timer);
    } else if (path === '/fake.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(`<!doctype html><html><body>${'Войдите, чтобы скачать статью. '.repeat(100)}</body></html>`);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
