/** The preview's list of sources: each GOST description with where it was verified and a link to
 * open it, so that the user can see why every reference is real. */
import { Badge, Link, List, Stack, Text } from '@chakra-ui/react';
import type { PaperSource, SourceVerification } from '@app/contract';
import { useState } from 'react';
import { CollapsibleSection } from '@/components/collapsible-section';

const VERIFIED_BY: Record<SourceVerification, string> = {
  doi: 'Проверен по DOI',
  library: 'Найден в научной библиотеке',
  repository: 'Найден в репозитории',
  user_file: 'Ваш файл',
  invented: 'Вымышленная запись (режим разработки)',
};

const BADGE_COLOR: Partial<Record<SourceVerification, string>> = { user_file: 'gray', invented: 'orange' };

export function PaperSources({ sources }: { sources: PaperSource[] }) {
  const [open, setOpen] = useState(false);
  if (!sources.length) return null;
  return (
    <CollapsibleSection id="paper-sources" title={`Список источников (${sources.length})`} open={open} onOpenChange={setOpen}>
      <List.Root as="ol" listStyle="none" gap="3" aria-label="Источники работы">
        {sources.map((s) => (
          <List.Item key={s.number}>
            <Stack gap="1">
              <Text>
                {s.number}. {s.text}
              </Text>
              <Stack direction="row" gap="3" align="center" wrap="wrap">
                <Badge colorPalette={BADGE_COLOR[s.verified_by] ?? 'green'}>{VERIFIED_BY[s.verified_by]}</Badge>
                {s.url ? (
                  <Link href={s.url} target="_blank" rel="noopener noreferrer" colorPalette="blue" fontSize="sm">
                    {s.verified_by === 'user_file' ? 'Скачать файл' : 'Открыть источник'}
                  </Link>
                ) : null}
              </Stack>
            </Stack>
          </List.Item>
        ))}
      </List.Root>
    </CollapsibleSection>
  );
}
