import { Avatar, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { displayName, type CurrentUser } from '../../lib/user';

interface UserPanelProps {
  user: CurrentUser;
  onSignOut: () => void;
}

/** Who is signed in, and the way out. */
export function UserPanel({ user, onSignOut }: UserPanelProps) {
  const name = displayName(user);
  return (
    <Stack gap="3">
      <HStack gap="3" minW="0">
        <Avatar.Root size="sm" colorPalette="brand" variant="subtle">
          <Avatar.Fallback name={name} />
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <Text textStyle="sm" fontWeight="semibold" truncate>
            {name}
          </Text>
          <Text textStyle="xs" color="fg.muted" truncate>
            {user.email}
          </Text>
        </Stack>
      </HStack>
      <Button variant="outline" size="sm" justifyContent="flex-start" onClick={onSignOut}>
        <LogOut aria-hidden />
        Sign Out
      </Button>
    </Stack>
  );
}
