/** Site footer: legal documents, the legal entity and the support address (from the API's config). */
import { Container, Link, Stack, Text } from '@chakra-ui/react';
import type { PublicConfig } from '@app/contract';
import { AppLink } from './app-link';

export function Footer({ config }: { config: PublicConfig | null }) {
  return (
    <Stack as="footer" bg="gray.900" color="gray.100" mt="auto">
      <Container maxW="6xl" py="8" px={{ base: '4', md: '6' }}>
        <Stack gap="3" fontSize="sm">
          <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '6' }}>
            <AppLink to="/terms" color="gray.100" textDecoration="underline">
              Пользовательское соглашение
            </AppLink>
            <AppLink to="/privacy" color="gray.100" textDecoration="underline">
              Политика конфиденциальности
            </AppLink>
          </Stack>
          {config ? (
            <>
              <Text>
                Поддержка:{' '}
                <Link href={`mailto:${config.support_email}`} color="gray.100" textDecoration="underline">
                  {config.support_email}
                </Link>
              </Text>
              <Text color="gray.300">{config.legal_entity}</Text>
            </>
          ) : null}
          {/* The year of a page pre-rendered last year is corrected when it hydrates. */}
          <Text color="gray.300">
            © <time suppressHydrationWarning>{new Date().getFullYear()}</time> Сервис академических работ
          </Text>
        </Stack>
      </Container>
    </Stack>
  );
}
