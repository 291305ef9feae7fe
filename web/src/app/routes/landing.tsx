import { Stack } from '@chakra-ui/react';
import { PageContainer } from '@/components/PageContainer';
import { Banner } from '@/features/landing/components/Banner';
import { Faq } from '@/features/landing/components/Faq';
import { Samples } from '@/features/landing/components/Samples';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Дипломные работы по ГОСТ с помощью ИИ');
  return (
    <>
      <Banner />
      <PageContainer>
        <Stack gap={{ base: '12', md: '16' }}>
          <Samples />
          <Faq />
        </Stack>
      </PageContainer>
    </>
  );
}
