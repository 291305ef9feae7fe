import { HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LogoMark } from './icons';

/** The logo: a link to the landing page. */
export function Logo() {
  return (
    <RouterLink to="/">
      <HStack gap="2">
        <LogoMark boxSize="8" />
        <Text as="span" fontWeight="bold" fontSize={{ base: 'md', md: 'lg' }} color="gray.900" lineHeight="1.1">
          Академические работы
        </Text>
      </HStack>
    </RouterLink>
  );
}
