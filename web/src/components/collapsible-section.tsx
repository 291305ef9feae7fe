/** A titled section whose header button collapses or expands its content. */
import { Box, Button, Collapsible, Heading } from '@chakra-ui/react';
import { ChevronDownIcon } from './icons';

interface Props {
  id: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
}

export function CollapsibleSection({ id, title, open, onOpenChange, children }: Props) {
  return (
    <Collapsible.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} asChild>
      <Box as="section" id={id} aria-labelledby={`${id}-title`} borderWidth="1px" borderRadius="lg" bg="white" scrollMarginTop="24">
        <Heading as="h2" size="lg" id={`${id}-title`}>
          <Collapsible.Trigger asChild>
            <Button
              variant="ghost"
              _expanded={{ bg: 'transparent' }}
              w="full"
              justifyContent="space-between"
              h="auto"
              py="4"
              px={{ base: '4', md: '5' }}
              fontSize="inherit"
              fontWeight="inherit"
              whiteSpace="normal"
              textAlign="start"
            >
              {title}
              <ChevronDownIcon transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.2s" />
            </Button>
          </Collapsible.Trigger>
        </Heading>
        <Collapsible.Content>
          <Box px={{ base: '4', md: '5' }} pb="5">
            {children}
          </Box>
        </Collapsible.Content>
      </Box>
    </Collapsible.Root>
  );
}
