/** The preview's originality report: the figure, which check gave it, the shares behind it and the
 * longest fragments that overlap a source or repeat the paper itself. */
import { Badge, Link, List, Stack, Text } from '@chakra-ui/react';
import type { PaperOriginality as Report } from '@app/contract';
import { useState } from 'react';
import { CollapsibleSection } from '@/components/collapsible-section';

const METHOD: Record<Report['method'], string> = {
  internal: 'внутренняя, по источникам работы и повторам в её тексте',
  'text.ru': 'Text.ru',
};

const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
const percent = (value: number) => `${number.format(value)}\u00a0%`;

function sectionName(key: string): string {
  if (key === 'introduction') return 'Введение';
  if (key === 'conclusion') return 'Заключение';
  return `Раздел ${key}`;
}

export function PaperOriginality({ originality }: { originality: Report | null }) {
  const [open, setOpen] = useState(false);
  if (!originality) return null;
  const r = originality;
  return (
    <CollapsibleSection
      id="paper-originality"
      title={`Оригинальность: ${percent(r.originality_percent)}`}
      open={open}
      onOpenChange={setOpen}
    >
      <Stack gap="3">
        <Text>Проверка: {METHOD[r.method]}</Text>
        {r.note ? (
          <Text color="orange.700" fontSize="sm">
            {r.note}
          </Text>
        ) : null}
        <Text fontSize="sm" color="fg.muted">
          Совпадения с источниками: {percent(r.source_percent)} · повторы внутри работы: {percent(r.self_percent)} · цитаты (не считаются
          совпадениями): {percent(r.quoted_percent)}
        </Text>
        {r.fragments.length ? (
          <List.Root as="ol" listStyle="none" gap="3" aria-label="Самые длинные совпадения">
            {r.fragments.map((f, i) => (
              <List.Item key={i}>
                <Stack gap="1">
                  <Text>«{f.text}»</Text>
                  <Stack direction="row" gap="3" align="center" wrap="wrap">
                    <Badge colorPalette={f.kind === 'source' ? 'orange' : 'gray'}>
                      {f.kind === 'self' ? 'Повтор внутри работы' : f.source_number ? `Источник [${f.source_number}]` : 'Источник'}
                    </Badge>
                    <Text fontSize="sm" color="fg.muted">
                      {sectionName(f.section)}, {f.words} сл.
                    </Text>
                  </Stack>
                  {f.source_title ? (
                    <Text fontSize="sm" color="fg.muted">
                      {f.source_title}
                    </Text>
                  ) : null}
                </Stack>
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text>Совпадающих фрагментов не найдено.</Text>
        )}
        {r.matches.length ? (
          <Stack gap="1">
            <Text fontWeight="medium">Совпадения в интернете (Text.ru)</Text>
            <List.Root as="ul" listStyle="none" gap="1" aria-label="Совпадения в интернете">
              {r.matches.map((m) => (
                <List.Item key={m.url}>
                  <Link href={m.url} target="_blank" rel="noopener noreferrer" colorPalette="blue" fontSize="sm" overflowWrap="anywhere">
                    {m.url}
                  </Link>{' '}
                  <Text as="span" fontSize="sm" color="fg.muted">
                    {percent(m.percent)}
                  </Text>
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        ) : null}
      </Stack>
    </CollapsibleSection>
  );
}
