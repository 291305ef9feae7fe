/** The frame of a legal document: title, edition date, numbered sections. */
import { Heading, List, Stack, Text } from '@chakra-ui/react';

export interface LegalSection {
  title: string;
  items: React.ReactNode[];
}

export function LegalDocument({
  title,
  edition,
  intro,
  sections,
}: {
  title: string;
  edition: string;
  intro: React.ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Stack as="article" gap="6" maxW="3xl">
      <Stack gap="2">
        <Heading as="h1" size="3xl">
          {title}
        </Heading>
        <Text color="fg.muted">{edition}</Text>
      </Stack>
      <Text>{intro}</Text>
      {sections.map((section, i) => (
        <Stack as="section" key={section.title} gap="3">
          <Heading as="h2" size="lg">
            {i + 1}. {section.title}
          </Heading>
          <List.Root as="ol" gap="2" listStyle="none" ps="0">
            {section.items.map((item, j) => (
              <List.Item key={j} display="block">
                <Text as="span" fontWeight="semibold">
                  {i + 1}.{j + 1}.
                </Text>{' '}
                {item}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      ))}
    </Stack>
  );
}
