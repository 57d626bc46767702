import { Box, Link, Stack } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { visibleNavItems } from './nav-items';

interface SidebarNavProps {
  isAdmin: boolean;
  /** Called after a link is followed (the mobile menu closes itself with it). */
  onNavigate?: () => void;
}

export function SidebarNav({ isAdmin, onNavigate }: SidebarNavProps) {
  return (
    <Box as="nav" aria-label="Main">
      <Stack as="ul" gap="0.5" listStyleType="none">
        {visibleNavItems(isAdmin).map((item) => (
          <li key={item.to}>
            <Link
              asChild
              display="flex"
              alignItems="center"
              gap="3"
              px="3"
              py="2"
              borderRadius="lg"
              textStyle="sm"
              fontWeight="medium"
              color="fg.muted"
              textDecoration="none"
              transition="background 120ms, color 120ms"
              _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
              _currentPage={{
                bg: 'brand.subtle',
                color: 'brand.fg',
                fontWeight: 'semibold',
                _hover: { bg: 'brand.subtle', color: 'brand.fg' },
              }}
            >
              <NavLink to={item.to} end={item.to === '/'} onClick={onNavigate}>
                <item.icon size={18} aria-hidden />
                {item.label}
              </NavLink>
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
