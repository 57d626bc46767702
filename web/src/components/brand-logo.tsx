import { Box, HStack, Text } from '@chakra-ui/react';
import { Sparkles } from 'lucide-react';

interface BrandLogoProps {
  size?: 'sm' | 'md';
}

/** The Brandloom mark and word. Decorative parts are hidden from assistive technology. */
export function BrandLogo({ size = 'md' }: BrandLogoProps) {
  const box = size === 'sm' ? '7' : '8';
  return (
    <HStack gap="2.5">
      <Box
        aria-hidden
        display="grid"
        placeItems="center"
        boxSize={box}
        borderRadius="lg"
        color="white"
        bgGradient="to-br"
        // All three stops are set so a gradient on a parent element cannot leak into this one.
        gradientFrom="brand.500"
        gradientVia="brand.600"
        gradientTo="indigo.600"
        boxShadow="sm"
      >
        <Sparkles size={size === 'sm' ? 15 : 17} strokeWidth={2.25} />
      </Box>
      <Text as="span" fontWeight="bold" fontSize={size === 'sm' ? 'lg' : 'xl'} letterSpacing="-0.02em" color="fg">
        Brandloom
      </Text>
    </HStack>
  );
}
