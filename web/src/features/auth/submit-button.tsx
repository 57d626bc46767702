import { Button } from '@chakra-ui/react';
import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/**
 * False in the prerendered page and while React takes it over, true once the app runs it. A
 * prerendered form shows before its JavaScript: until then a click would go nowhere.
 */
function useAppIsRunning(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** An account form's submit button: disabled until the app can handle the click. */
export function SubmitButton({
  children,
  loading,
  loadingText,
}: {
  children: ReactNode;
  loading: boolean;
  loadingText: string;
}) {
  const running = useAppIsRunning();
  return (
    <Button
      type="submit"
      colorPalette="brand"
      size="lg"
      loading={loading}
      loadingText={loadingText}
      disabled={!running}
    >
      {children}
    </Button>
  );
}
