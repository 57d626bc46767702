import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/toaster';
import { userFacingMessage } from '../../lib/errors';
import { useCurrentUserSession } from '../../lib/use-current-user';
import { SIGN_OUT_MUTATION } from './graphql';

interface SignOutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Choice = 'discard' | 'save';

export function SignOutDialog({ open, onOpenChange }: SignOutDialogProps) {
  const client = useApolloClient();
  const session = useCurrentUserSession();
  const navigate = useNavigate();
  const [signOut] = useMutation(SIGN_OUT_MUTATION);
  const [pending, setPending] = useState<Choice | null>(null);

  const leave = async (choice: Choice) => {
    setPending(choice);
    try {
      await signOut();
    } catch (error) {
      setPending(null);
      toast({
        title: 'Sign out failed',
        description: userFacingMessage(error, 'Failed to sign out'),
        variant: 'destructive',
      });
      return;
    }
    await client.clearStore();
    // The server has confirmed it: the signed-out screens come back without asking again.
    session.signedOut();
    void navigate('/', { replace: true });
  };

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (pending === null) onOpenChange(details.open);
      }}
      placement="center"
      motionPreset="slide-in-bottom"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content borderRadius="xl">
            <Dialog.Header>
              <Dialog.Title>Save Settings Before Signing Out?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description asChild>
                <Text color="fg.muted">
                  Make sure the changes you made to your settings are saved. Anything you have not saved is lost when
                  you sign out.
                </Text>
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                disabled={pending !== null}
                loading={pending === 'discard'}
                onClick={() => void leave('discard')}
              >
                Don&apos;t Save
              </Button>
              <Button
                colorPalette="brand"
                disabled={pending !== null}
                loading={pending === 'save'}
                onClick={() => void leave('save')}
              >
                Save &amp; Sign Out
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={pending !== null} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
