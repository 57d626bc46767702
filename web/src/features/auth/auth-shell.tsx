import { Box, Card, Center, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';

interface AuthShellProps {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame shared by the sign-in, sign-up and master-login screens. */
export function AuthShell({ title, description, children, footer }: AuthShellProps) {
  return (
    <Box minH="100dvh" bgGradient="to-br" gradientFrom="brand.50" gradientVia="bg.canvas" gradientTo="indigo.50">
      <Center minH="100dvh" px="4" py={{ base: '8', md: '12' }}>
        <Stack gap="6" w="full" maxW="md" align="center">
          <Link asChild _hover={{ textDecoration: 'none' }} aria-label="Brandloom home">
            <RouterLink to="/">
              <BrandLogo />
            </RouterLink>
          </Link>
          <Card.Root w="full" variant="elevated" borderRadius="2xl" boxShadow="lg">
            <Card.Header gap="1.5" pb="2">
              <Heading as="h1" size="2xl" letterSpacing="-0.02em">
                {title}
              </Heading>
              <Text color="fg.muted">{description}</Text>
            </Card.Header>
            <Card.Body>{children}</Card.Body>
          </Card.Root>
          {footer && (
            <Text textStyle="sm" color="fg.muted" textAlign="center">
              {footer}
            </Text>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
