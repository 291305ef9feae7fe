/** In place of the purchase panel, for a demo whose full version was bought: its download, or the
 * news that it is being written. */
import { Button, Stack, Text } from '@chakra-ui/react';
import type { PaperDetail } from '@app/contract';
import { useDownload } from '@/lib/use-download';
import { docxName } from './paper-card';
import { InlineError } from '@/components/inline-error';

export function FullVersionBought({ paper, fullVersion }: { paper: PaperDetail; fullVersion: NonNullable<PaperDetail['full_version']> }) {
  const { pending, download, error } = useDownload();
  const url = fullVersion.download_url;
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="lg" p="4" data-testid="full-version-bought">
      <Text fontWeight="semibold">Полная версия этой работы уже куплена</Text>
      {url ? (
        <>
          <Button
            colorPalette="blue"
            loading={pending}
            loadingText="Скачивание..."
            onClick={() => void download(url, docxName(paper.title))}
          >
            Скачать
          </Button>
          <InlineError message={error} />
        </>
      ) : (
        <Text color="fg.muted">Она создаётся сейчас и появится в личном кабинете, как только будет готова.</Text>
      )}
    </Stack>
  );
}
