/** One sample work: type, tariff, price, title, its extent, formatting flags, keywords, download and annotation. */
import { formatRubles } from '@app/contract';
import { Badge, Box, Button, Card, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Sample } from '../api/get-samples';
import { useDownload } from '@/lib/use-download';
import { InlineError } from '@/components/inline-error';

const yesNo = (v: boolean) => (v ? 'да' : 'нет');

/** What the file holds: a full sample shorter than its work says it is an excerpt, and of how much. */
function extentOf({ pages, volume }: Sample): string | null {
  if (!pages) return null;
  return volume && pages < volume * 0.95 ? `Фрагмент работы: ${pages} с. из ${volume}` : `Объём: ${pages} с.`;
}

/** A file name from the title, without characters file systems refuse. */
const fileName = (title: string) =>
  `${title
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .trim()
    .slice(0, 150)}.docx`;

export function SampleCard({ sample, onAnnotation, hidden }: { sample: Sample; onAnnotation: () => void; hidden?: boolean }) {
  const { pending, download, error } = useDownload();
  const url = sample.downloadUrl;
  return (
    <Card.Root variant="outline" h="full" aria-hidden={hidden || undefined} inert={hidden || undefined} data-testid="sample-card">
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={sample.type === 'Полный' ? 'green' : 'gray'} variant="subtle">
              {sample.type}
            </Badge>
            <Badge colorPalette="blue" variant="subtle">
              {sample.tariff}
            </Badge>
          </HStack>
          <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap">
            {formatRubles(sample.price)}
          </Text>
        </HStack>
        <Heading as="h3" size="md" lineClamp={3} minH="4.5em">
          {sample.title}
        </Heading>
        <Stack gap="0.5" fontSize="sm" color="fg.muted">
          {extentOf(sample) && <Text>{extentOf(sample)}</Text>}
          {sample.sources !== undefined && <Text>Источников в списке литературы: {sample.sources}</Text>}
          <Text>Оформление ссылок сносками: {yesNo(sample.hasFootnotes)}</Text>
          <Text>Разделённый список литературы: {yesNo(sample.hasBibliography)}</Text>
        </Stack>
        <Wrap gap="1.5">
          {sample.keywords.map((k) => (
            <Badge key={k} variant="outline" fontWeight="normal" whiteSpace="normal" maxW="full">
              {k}
            </Badge>
          ))}
        </Wrap>
        {sample.writtenBy && (
          <Text fontSize="xs" color="fg.muted">
            {sample.writtenBy}
          </Text>
        )}
        <Box flex="1" />
        <Stack gap="2">
          <Button
            colorPalette="blue"
            disabled={pending}
            // A sample without a file does nothing, as the specification says.
            onClick={() => (url ? void download(url, fileName(sample.title)) : undefined)}
          >
            {pending ? 'Скачивание...' : 'Скачать'}
          </Button>
          <InlineError message={error} />
          <Button variant="outline" onClick={onAnnotation}>
            Посмотреть аннотацию
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
