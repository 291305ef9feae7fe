/** The preview PDF, page by page (react-pdf; this module is loaded only by the pages that show a
 * PDF): skeleton pages while loading, each page in a bordered card as wide as the container minus
 * 6 px, 16 px apart, then the locked page. With an `overlay`, each page also gets its text layer
 * (pdf.js's transparent spans over the canvas), and what the overlay draws over it (the citations
 * a reader can open). The pdf.js worker, character maps, standard fonts and decoders are served
 * from our own origin (copied into the build by vite.config.ts). */
import { Box, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCallback, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { LockIcon } from '@/components/icons';
import { useElementSize } from '@/lib/use-element-size';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

const ASSETS = `${import.meta.env.BASE_URL}pdfjs/`;
// One object for the module's lifetime: react-pdf reloads the document when `options` changes.
const OPTIONS = {
  cMapUrl: `${ASSETS}cmaps/`,
  standardFontDataUrl: `${ASSETS}standard_fonts/`,
  wasmUrl: `${ASSETS}wasm/`,
};

/** A4 height to width. */
const PAGE_RATIO = 297 / 210;
const GAP = '16px';
const SKELETON_PAGES = 3;
const NO_PAGES = 'No PDF file specified or zero pages.';

function PageFrame({ children, label, testId }: { children: React.ReactNode; label: string; testId?: string }) {
  // 1 px border and 2 px padding on each side: the page inside is the container width minus 6 px.
  return (
    <Box
      as="figure"
      aria-label={label}
      borderWidth="1px"
      borderColor="gray.300"
      borderRadius="sm"
      p="2px"
      bg="white"
      shadow="xs"
      data-testid={testId}
    >
      {children}
    </Box>
  );
}

function PageSkeleton({ width, ratio = PAGE_RATIO }: { width: number; ratio?: number }) {
  return <Skeleton w={`${width}px`} h={`${Math.round(width * ratio)}px`} />;
}

/** A drawn page's text layer, for an overlay: the page's element (the overlay's frame) and its text
 * layer; `drawn` counts its drawings (a new width draws it again). */
interface PdfPageLayer {
  pageNumber: number;
  page: HTMLDivElement;
  textLayer: HTMLDivElement;
  drawn: number;
}

interface Props {
  url: string | null;
  /** Show the locked page after the last one (a paper that is not bought yet). */
  locked: boolean;
  onBuy?: () => void;
  /** Page height to width (A4 unless given: 16:9 slides), for the pages still loading. */
  ratio?: number;
  /** Drawn over each page once its text layer is (absolutely positioned within the page). */
  overlay?: (layer: PdfPageLayer) => React.ReactNode;
}

export function PdfPreview({ url, locked, onBuy, ratio, overlay }: Props) {
  const [{ width: containerWidth }, ref] = useElementSize<HTMLDivElement>();
  const [pages, setPages] = useState<number | null>(null);
  const width = Math.max(0, containerWidth - 6);

  const skeletons = (
    <Stack gap={GAP} role="status" aria-busy="true" aria-label="Загрузка страниц">
      {Array.from({ length: SKELETON_PAGES }, (_, i) => (
        <PageFrame key={i} label={`Загрузка страницы ${i + 1}`}>
          <PageSkeleton width={width} ratio={ratio} />
        </PageFrame>
      ))}
    </Stack>
  );

  return (
    <Box ref={ref} w="full">
      {!url ? (
        <Text color="fg.muted">{NO_PAGES}</Text>
      ) : width > 0 ? (
        <Document
          file={url}
          options={OPTIONS}
          loading={skeletons}
          onLoadSuccess={(pdf) => setPages(pdf.numPages)}
          onLoadError={(error) => {
            console.error('preview PDF failed to load', error);
            setPages(0);
          }}
        >
          {pages === 0 ? (
            <Text color="fg.muted">{NO_PAGES}</Text>
          ) : (
            <Stack gap={GAP}>
              {Array.from({ length: pages ?? 0 }, (_, i) => (
                <PdfPage key={i} pageNumber={i + 1} width={width} ratio={ratio} overlay={overlay} />
              ))}
              {locked && pages && onBuy ? <LockedPage width={width} onBuy={onBuy} /> : null}
            </Stack>
          )}
        </Document>
      ) : null}
    </Box>
  );
}

function PdfPage({ pageNumber, width, ratio, overlay }: { pageNumber: number; width: number; ratio?: number; overlay?: Props['overlay'] }) {
  const pageRef = useRef<HTMLDivElement | null>(null);
  const [layer, setLayer] = useState<PdfPageLayer | null>(null);
  // Stable callbacks: react-pdf draws a layer again whenever its callback changes.
  const textLayerDrawn = useCallback(() => {
    const page = pageRef.current;
    const textLayer = page?.querySelector<HTMLDivElement>('.react-pdf__Page__textContent');
    if (page && textLayer) setLayer((last) => ({ pageNumber, page, textLayer, drawn: (last?.drawn ?? 0) + 1 }));
  }, [pageNumber]);
  const renderFailed = useCallback((error: Error) => console.error(`preview page ${pageNumber} failed to render`, error), [pageNumber]);
  return (
    <PageFrame label={`Страница ${pageNumber}`} testId="pdf-page">
      <Page
        pageNumber={pageNumber}
        width={width}
        inputRef={pageRef}
        renderTextLayer={Boolean(overlay)}
        renderAnnotationLayer={false}
        onRenderTextLayerSuccess={textLayerDrawn}
        loading={<PageSkeleton width={width} ratio={ratio} />}
        onRenderError={renderFailed}
      >
        {overlay && layer ? overlay(layer) : null}
      </Page>
    </PageFrame>
  );
}

function LockedPage({ width, onBuy }: { width: number; onBuy: () => void }) {
  return (
    <PageFrame label="Закрытая страница" testId="locked-page">
      <Stack
        w={`${width}px`}
        h={`${Math.round(width * PAGE_RATIO)}px`}
        align="center"
        justify="center"
        gap="4"
        px="6"
        bg="gray.50"
        textAlign="center"
      >
        <LockIcon boxSize="12" color="gray.600" />
        <Text fontSize={{ base: 'md', md: 'lg' }} maxW="sm">
          Для получения полного доступа необходимо{' '}
          <Link
            href="#buy-section"
            color="blue.700"
            textDecoration="underline"
            onClick={(e) => {
              e.preventDefault();
              onBuy();
            }}
          >
            приобрести файл
          </Link>
        </Text>
      </Stack>
    </PageFrame>
  );
}
