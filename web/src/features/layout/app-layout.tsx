import {
  Box,
  Center,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Portal,
  Separator,
  Spinner,
  VisuallyHidden,
} from '@chakra-ui/react';
import { Menu } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import type { CurrentUser } from '../../lib/user';
import { SidebarNav } from './sidebar-nav';
import { SignOutDialog } from './sign-out-dialog';
import { UserPanel } from './user-panel';

const SIDEBAR_WIDTH = '64';

interface AppLayoutProps {
  user: CurrentUser;
}

/** The signed-in frame: sidebar on wide screens, a top bar with a slide-out menu on small ones. */
export function AppLayout({ user }: AppLayoutProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [signOutOpen, setSignOutOpen] = useState(false);

  const askToSignOut = () => {
    setMenuOpen(false);
    setSignOutOpen(true);
  };

  return (
    <Box minH="100dvh">
      <Flex
        as="aside"
        display={{ base: 'none', md: 'flex' }}
        direction="column"
        position="fixed"
        insetY="0"
        insetStart="0"
        w={SIDEBAR_WIDTH}
        bg="bg"
        borderEndWidth="1px"
        borderColor="border.muted"
      >
        <Box px="5" py="5">
          <BrandLogo />
        </Box>
        <Box flex="1" overflowY="auto" px="3" pb="4">
          <SidebarNav isAdmin={user.isAdmin} />
        </Box>
        <Separator borderColor="border.muted" />
        <Box p="4">
          <UserPanel user={user} onSignOut={askToSignOut} />
        </Box>
      </Flex>

      <HStack
        as="header"
        display={{ base: 'flex', md: 'none' }}
        position="sticky"
        top="0"
        zIndex="sticky"
        h="14"
        px="3"
        gap="2"
        bg="bg"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <IconButton aria-label="Open menu" variant="ghost" onClick={() => setMenuOpen(true)}>
          <Menu />
        </IconButton>
        <BrandLogo size="sm" />
      </HStack>

      <Box
        as="main"
        ms={{ base: '0', md: SIDEBAR_WIDTH }}
        px={{ base: '4', md: '8', xl: '12' }}
        py={{ base: '6', md: '10' }}
      >
        <Suspense
          fallback={
            <Center py="24">
              <Spinner size="lg" color="brand.solid" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </Box>

      <Drawer.Root
        open={menuOpen}
        onOpenChange={(details) => setMenuOpen(details.open)}
        placement="start"
        size="xs"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <BrandLogo size="sm" />
                <VisuallyHidden asChild>
                  <Drawer.Title>Menu</Drawer.Title>
                </VisuallyHidden>
              </Drawer.Header>
              <Drawer.Body px="3">
                <SidebarNav isAdmin={user.isAdmin} onNavigate={() => setMenuOpen(false)} />
              </Drawer.Body>
              <Drawer.Footer borderTopWidth="1px" borderColor="border.muted" display="block">
                <UserPanel user={user} onSignOut={askToSignOut} />
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <SignOutDialog open={signOutOpen} onOpenChange={setSignOutOpen} />
    </Box>
  );
}
