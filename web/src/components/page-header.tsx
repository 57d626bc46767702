import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A signed-in screen's title, its subtitle, and the tab title. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle: string; children?: ReactNode }) {
  return (
    <Stack gap="2" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'flex-end' }}>
      <title>{`${title} · Brandloom`}</title>
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          {title}
        </Heading>
        <Text color="fg.muted">{subtitle}</Text>
      </Stack>
      {children}
    </Stack>
  );
}
