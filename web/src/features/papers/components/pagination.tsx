/** Page numbers of the paper list with arrows and the -5/+5 jumps. */
import { Button, HStack, IconButton } from '@chakra-ui/react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { useMediaQuery } from '@/lib/use-media-query';
import { paginationModel } from '../pagination';
import { BREAKPOINTS } from '@/config/ui';

interface Props {
  /** 1-based. */
  page: number;
  last: number;
  onChange: (page: number) => void;
}

export function Pagination({ page, last, onChange }: Props) {
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.narrow}px)`);
  const m = paginationModel(page, last, narrow);
  const go = (to: number) => onChange(Math.min(last, Math.max(1, to)));
  return (
    <HStack as="nav" aria-label="Страницы списка работ" gap="1" justify="center" wrap="wrap">
      {m.showJumps ? (
        <Button size="sm" variant="ghost" disabled={m.backDisabled} onClick={() => go(page - 5)} aria-label="На 5 страниц назад">
          -5
        </Button>
      ) : null}
      <IconButton size="sm" variant="ghost" disabled={m.prevDisabled} onClick={() => go(page - 1)} aria-label="Предыдущая страница">
        <ChevronLeftIcon />
      </IconButton>
      {m.pages.map((n) => (
        <Button
          key={n}
          size="sm"
          minW="9"
          variant={n === page ? 'solid' : 'outline'}
          colorPalette={n === page ? 'blue' : 'gray'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Страница ${n}`}
          onClick={() => go(n)}
        >
          {n}
        </Button>
      ))}
      <IconButton size="sm" variant="ghost" disabled={m.nextDisabled} onClick={() => go(page + 1)} aria-label="Следующая страница">
        <ChevronRightIcon />
      </IconButton>
      {m.showJumps ? (
        <Button size="sm" variant="ghost" disabled={m.forwardDisabled} onClick={() => go(page + 5)} aria-label="На 5 страниц вперёд">
          +5
        </Button>
      ) : null}
    </HStack>
  );
}
