import { Button, Card, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { CircleAlert } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Card.Root maxW="lg" mx="auto" mt={{ base: '4', md: '12' }} variant="outline" borderRadius="xl" bg="bg">
      <title>Page not found · Brandloom</title>
      <Card.Body>
        <Stack gap="4" align="flex-start">
          <Stack direction="row" gap="3" align="center">
            <Icon color="red.500" boxSize="7" aria-hidden>
              <CircleAlert />
            </Icon>
            <Heading as="h1" size="2xl">
              404 Page Not Found
            </Heading>
          </Stack>
          <Text color="fg.muted">Did you forget to add the page to the router?</Text>
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/">Back to setup</RouterLink>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
