import { Alert, Button, Center, Spinner } from '@chakra-ui/react';
import { userFacingMessage } from '../lib/errors';

/** What a screen shows while its data loads, or when loading failed (with a retry). */
export function QueryState({ error, retry, what }: { error: unknown; retry: () => void; what: string }) {
  if (!error) {
    return (
      <Center py="16" aria-busy="true">
        <Spinner size="lg" color="brand.solid" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  return (
    <Alert.Root status="error" borderRadius="lg" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Could not load {what}</Alert.Title>
        <Alert.Description>{userFacingMessage(error, 'Something went wrong. Please try again.')}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={retry}>
        Try again
      </Button>
    </Alert.Root>
  );
}
