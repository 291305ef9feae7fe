/** The cabinet's papers: demo and full tabs, search with the Find button, sort, 4 cards a page
 * (skeletons while loading, a placeholder when empty) and the pagination. */
import { Box, Button, Center, HStack, Input, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { DEFAULT_PAPER_SORT, LIMITS, PAPER_SORTS, type PaperSort, type PaperType } from '@app/contract';
import { useEffect, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { SortSelect } from '@/components/sort-select';
import { errorText } from '@/lib/errors';
import { usePapers } from '../api/get-papers';
import { pageCount } from '../pagination';
import { Pagination } from './pagination';
import { PaperCard } from './paper-card';

const SORT_LABELS: Record<PaperSort, string> = {
  id_desc: 'Сначала новые',
  id_asc: 'Сначала старые',
  title_asc: 'По названию (А–Я)',
  title_desc: 'По названию (Я–А)',
};

const EMPTY_TEXT: Record<PaperType, string> = {
  demo: 'Здесь могла бы быть ваша работа',
  full: 'Здесь могли быть ваши заказы',
};

export function PapersSection({ initialTab }: { initialTab: PaperType }) {
  const [tab, setTab] = useState<PaperType>(initialTab);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<PaperSort>(DEFAULT_PAPER_SORT);
  const [page, setPage] = useState(1);

  const find = (event: React.FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(e) => {
        setTab(e.value as PaperType);
        setPage(1);
      }}
      variant="line"
      lazyMount
      unmountOnExit
    >
      <Stack gap="4">
        <Tabs.List>
          <Tabs.Trigger value="demo">Демо работы</Tabs.Trigger>
          <Tabs.Trigger value="full">Полные работы</Tabs.Trigger>
        </Tabs.List>
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between">
          <HStack as="form" role="search" onSubmit={find} gap="2" flex="1" maxW={{ md: 'lg' }}>
            <Input
              aria-label="Поиск по названию"
              placeholder="Поиск по названию"
              value={typed}
              maxLength={200}
              onChange={(e) => setTyped(e.target.value)}
            />
            <Button type="submit" variant="outline">
              Найти
            </Button>
          </HStack>
          <SortSelect
            options={PAPER_SORTS}
            labels={SORT_LABELS}
            value={sort}
            onChange={(value) => {
              setSort(value);
              setPage(1);
            }}
            width={{ base: 'full', md: '64' }}
          />
        </Stack>
        {(['demo', 'full'] as const).map((t) => (
          <Tabs.Content key={t} value={t} pt="0">
            <PaperList tab={t} page={page} search={search} sort={sort} onPage={setPage} />
          </Tabs.Content>
        ))}
      </Stack>
    </Tabs.Root>
  );
}

function PaperList({
  tab,
  page,
  search,
  sort,
  onPage,
}: {
  tab: PaperType;
  page: number;
  search: string;
  sort: PaperSort;
  onPage: (page: number) => void;
}) {
  const query = usePapers({ tab, page: page - 1, search, sort });
  useEffect(() => {
    if (query.error) console.error('papers list failed', query.error);
  }, [query.error]);
  const body = query.data?.body;

  if (query.isPending) {
    return (
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" role="status" aria-busy="true" aria-label="Загрузка работ">
        {Array.from({ length: LIMITS.papers.pageSize }, (_, i) => (
          <Skeleton key={i} h="48" borderRadius="md" data-testid="paper-skeleton" />
        ))}
      </SimpleGrid>
    );
  }
  // A list that did not load says so: 'no papers yet' would be untrue.
  if (query.error) return <FormAlert>{`Не удалось загрузить список работ. ${errorText(query.error)}`}</FormAlert>;
  if (!body || body.papers.length === 0) {
    return (
      <Center borderWidth="2px" borderStyle="dashed" borderColor="gray.300" borderRadius="lg" minH="40" p="6">
        <Text color="fg.muted" fontSize="lg" textAlign="center">
          {EMPTY_TEXT[tab]}
        </Text>
      </Center>
    );
  }
  const last = pageCount(body.total_count);
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {body.papers.map((p) => (
          <Box key={p.id}>
            <PaperCard paper={p} bought={tab === 'full' && p.download_url !== null} />
          </Box>
        ))}
      </SimpleGrid>
      {last > 1 ? <Pagination page={page} last={last} onChange={onPage} /> : null}
    </Stack>
  );
}
