import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

export function FullPageSpinner() {
  return (
    <Center minH="100dvh" role="status">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <VisuallyHidden>Loading</VisuallyHidden>
    </Center>
  );
}
