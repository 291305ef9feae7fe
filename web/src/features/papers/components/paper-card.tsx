/** A paper in the cabinet: title and annotation; 'Скачать' (.docx named after the title) for a
 * paid full paper, otherwise 'Купить' (its preview). Clicking the card does the same. A bought full
 * paper also has 'Доработать' (its versions and revision rounds) and 'Подготовка к защите' (slides,
 * speech, questions). */
import { Button, Card, Heading, Text } from '@chakra-ui/react';
import { fileNameOf, type PaperListItem } from '@app/contract';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useDownload } from '@/lib/use-download';
import { InlineError } from '@/components/inline-error';

/** A paper's .docx as the browser saves it. */
export const docxName = (title: string): string => `${fileNameOf(title)}.docx`;

/** `bought`: a full paper the user paid for. */
export function PaperCard({ paper, bought = false }: { paper: PaperListItem; bought?: boolean }) {
  const navigate = useNavigate();
  const { pending, download, error } = useDownload();
  const act = () => {
    if (paper.download_url) void download(paper.download_url, docxName(paper.title));
    else void navigate(`/preview/${paper.id}`);
  };
  return (
    <Card.Root
      variant="outline"
      cursor="pointer"
      _hover={{ borderColor: 'blue.300', shadow: 'sm' }}
      onClick={act}
      data-testid="paper-card"
      h="full"
    >
      <Card.Body gap="2">
        <Heading as="h3" size="md" lineClamp={3} overflowWrap="anywhere">
          {paper.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm" lineClamp={4}>
          {paper.annotation}
        </Text>
      </Card.Body>
      <Card.Footer flexWrap="wrap" gap="2">
        <Button
          colorPalette="blue"
          variant={paper.download_url ? 'solid' : 'outline'}
          loading={pending}
          loadingText="Скачивание..."
          onClick={(e) => {
            e.stopPropagation();
            act();
          }}
        >
          {paper.download_url ? 'Скачать' : 'Купить'}
        </Button>
        {bought ? (
          <>
            <Button asChild variant="outline" colorPalette="blue" onClick={(e) => e.stopPropagation()}>
              <RouterLink to={`/papers/${paper.id}/revisions`}>Доработать</RouterLink>
            </Button>
            <Button asChild variant="outline" colorPalette="blue" onClick={(e) => e.stopPropagation()}>
              <RouterLink to={`/defence/${paper.id}`}>Подготовка к защите</RouterLink>
            </Button>
          </>
        ) : null}
        <InlineError message={error} />
      </Card.Footer>
    </Card.Root>
  );
}
