import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  HStack,
  Icon,
  Link,
  List,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  ArrowRight,
  CalendarClock,
  Camera,
  ChartLine,
  Check,
  Music2,
  ShieldCheck,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';

interface Platform {
  key: 'twitter' | 'instagram' | 'tiktok' | 'facebook';
  name: string;
  note: string;
  mark: ReactNode;
  bg: string;
}

const platforms: Platform[] = [
  { key: 'twitter', name: 'X (Twitter)', note: 'Generate, schedule and auto-post', mark: '𝕏', bg: 'gray.900' },
  {
    key: 'instagram',
    name: 'Instagram',
    note: 'Generate, schedule and auto-post',
    mark: <Camera size={20} />,
    bg: 'pink.500',
  },
  {
    key: 'tiktok',
    name: 'TikTok',
    note: 'Content creation; manual posting',
    mark: <Music2 size={20} />,
    bg: 'gray.800',
  },
  { key: 'facebook', name: 'Facebook', note: 'Generate, schedule and auto-post', mark: 'f', bg: 'blue.600' },
];

interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

const features: Feature[] = [
  {
    title: 'AI content generation',
    text: 'Write on-brand posts for every platform in seconds with your own AI provider key, at about $0.02 per post.',
    icon: WandSparkles,
  },
  {
    title: 'Moderation & scheduling',
    text: 'Approve or reject every draft, then schedule it for your peak hours or let auto-posting publish it for you.',
    icon: CalendarClock,
  },
  {
    title: 'Analytics & A/B testing',
    text: 'Test two variants of a post, promote the winner and follow engagement across platforms in one hub.',
    icon: ChartLine,
  },
];

const proFeatures = [
  'Unlimited AI post generation',
  'Auto-posting to X, Instagram and Facebook',
  'A/B testing of post variants',
  'AI replies to comments',
  'Advanced analytics',
  'Priority support',
];

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
}

function SectionHeading({ id, eyebrow, title, text }: SectionHeadingProps) {
  return (
    <Stack gap="3" textAlign="center" maxW="2xl" mx="auto" mb={{ base: '10', md: '12' }}>
      <Text textStyle="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
        {eyebrow}
      </Text>
      <Heading as="h2" id={id} size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
        {title}
      </Heading>
      <Text color="fg.muted" textStyle="lg">
        {text}
      </Text>
    </Stack>
  );
}

function PostPreview() {
  return (
    <Card.Root
      role="img"
      aria-label="Example of an AI-generated Instagram post waiting for approval"
      maxW="sm"
      w="full"
      borderRadius="2xl"
      boxShadow="2xl"
      borderWidth="0"
      transform={{ lg: 'rotate(1.5deg)' }}
    >
      <Card.Body gap="4">
        <HStack justify="space-between">
          <HStack gap="2.5">
            <Box display="grid" placeItems="center" boxSize="9" borderRadius="full" bg="pink.500" color="white">
              <Camera size={18} aria-hidden />
            </Box>
            <Stack gap="0">
              <Text fontWeight="semibold" textStyle="sm">
                Maple &amp; Thread
              </Text>
              <Text textStyle="xs" color="fg.muted">
                Instagram · Scheduled for 12:00
              </Text>
            </Stack>
          </HStack>
          <Badge colorPalette="orange" variant="subtle">
            Pending
          </Badge>
        </HStack>
        <Box h="36" borderRadius="xl" bgGradient="to-br" gradientFrom="orange.200" gradientTo="pink.300" />
        <Text textStyle="sm">
          Cozy season is here. Our new knitwear collection just landed in store and online: soft, warm and made to
          layer. Come say hi this weekend!
        </Text>
        <Text textStyle="sm" color="brand.fg" fontWeight="medium">
          #shoplocal #knitwear #autumnstyle #newarrivals #smallbusiness
        </Text>
        <HStack gap="2" color="fg.muted" textStyle="xs">
          <WandSparkles size={14} aria-hidden />
          <Text>Generated in your brand voice · friendly tone</Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

export function LandingPage() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <title>Brandloom · AI social media studio for small retail businesses</title>
      <Box
        as="header"
        position="sticky"
        top="0"
        zIndex="sticky"
        bg="white/85"
        backdropFilter="blur(10px)"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <Container maxW="6xl">
          <Flex h="16" align="center" justify="space-between">
            <BrandLogo />
            <Button asChild variant="outline" colorPalette="brand" size="sm">
              <RouterLink to="/signin">Sign In</RouterLink>
            </Button>
          </Flex>
        </Container>
      </Box>

      <Box as="main" flex="1">
        <Box
          as="section"
          aria-labelledby="hero-heading"
          bgGradient="to-b"
          gradientFrom="brand.50"
          gradientTo="bg.canvas"
        >
          <Container maxW="6xl" py={{ base: '14', md: '24' }}>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '12', lg: '16' }} alignItems="center">
              <Stack gap="6" align={{ base: 'center', lg: 'flex-start' }} textAlign={{ base: 'center', lg: 'start' }}>
                <Badge colorPalette="brand" variant="subtle" size="lg" borderRadius="full" px="3">
                  AI social media studio for small retail businesses
                </Badge>
                <Heading
                  as="h1"
                  id="hero-heading"
                  fontSize={{ base: '4xl', md: '5xl' }}
                  lineHeight="1.1"
                  letterSpacing="-0.03em"
                >
                  On-brand social posts,{' '}
                  <Box as="span" color="brand.solid">
                    written and published for you
                  </Box>
                </Heading>
                <Text textStyle={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
                  Brandloom generates posts in your brand voice, lets you approve them, and schedules and auto-posts
                  them to your social accounts. Built for shop owners, marketers and agencies.
                </Text>
                <Stack gap="3" align={{ base: 'center', lg: 'flex-start' }}>
                  <Button asChild colorPalette="brand" size="xl" px="8" boxShadow="md">
                    <RouterLink to="/signup">
                      Start Free Trial
                      <ArrowRight aria-hidden />
                    </RouterLink>
                  </Button>
                  <Text textStyle="sm" color="fg.muted">
                    14-day free trial · No credit card needed
                  </Text>
                </Stack>
              </Stack>
              <Flex justify="center">
                <PostPreview />
              </Flex>
            </SimpleGrid>
          </Container>
        </Box>

        <Box as="section" aria-labelledby="platforms-heading" py={{ base: '16', md: '20' }}>
          <Container maxW="6xl">
            <SectionHeading
              id="platforms-heading"
              eyebrow="Platforms"
              title="One studio for four platforms"
              text="Create content for every channel your customers follow, and publish it without copy and paste."
            />
            <SimpleGrid as="ul" columns={{ base: 2, lg: 4 }} gap="4" listStyleType="none">
              {platforms.map((platform) => (
                <Box as="li" key={platform.key}>
                  <Card.Root h="full" variant="outline" borderRadius="xl" bg="bg">
                    <Card.Body gap="3" alignItems="center" textAlign="center" py="7">
                      <Box
                        aria-hidden
                        display="grid"
                        placeItems="center"
                        boxSize="12"
                        borderRadius="xl"
                        bg={platform.bg}
                        color="white"
                        fontWeight="bold"
                        fontSize="xl"
                      >
                        {platform.mark}
                      </Box>
                      <Text fontWeight="semibold">{platform.name}</Text>
                      <Text textStyle="sm" color="fg.muted">
                        {platform.note}
                      </Text>
                    </Card.Body>
                  </Card.Root>
                </Box>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box as="section" id="features" aria-labelledby="features-heading" py={{ base: '16', md: '20' }} bg="bg">
          <Container maxW="6xl">
            <SectionHeading
              id="features-heading"
              eyebrow="Features"
              title="Everything you need to post every day"
              text="Bring your own AI and platform keys, stored encrypted. Brandloom does the writing, the waiting and the posting."
            />
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
              {features.map((feature) => (
                <Card.Root key={feature.title} variant="outline" borderRadius="xl" bg="bg.canvas">
                  <Card.Body gap="4">
                    <Box
                      aria-hidden
                      display="grid"
                      placeItems="center"
                      boxSize="11"
                      borderRadius="lg"
                      bg="brand.subtle"
                      color="brand.fg"
                    >
                      <feature.icon size={22} />
                    </Box>
                    <Heading as="h3" size="lg">
                      {feature.title}
                    </Heading>
                    <Text color="fg.muted">{feature.text}</Text>
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box as="section" aria-labelledby="pricing-heading" py={{ base: '16', md: '20' }}>
          <Container maxW="6xl">
            <SectionHeading
              id="pricing-heading"
              eyebrow="Pricing"
              title="Simple pricing for growing stores"
              text="Try everything free for 14 days, then keep posting for one flat monthly price."
            />
            <Card.Root
              maxW="md"
              mx="auto"
              borderRadius="2xl"
              borderWidth="2px"
              borderColor="brand.solid"
              boxShadow="xl"
              position="relative"
            >
              <Card.Header gap="2" pt="8">
                <HStack justify="space-between">
                  <Heading as="h3" size="xl">
                    Pro Plan
                  </Heading>
                  <Badge colorPalette="brand" variant="solid" borderRadius="full" px="3">
                    14-day free trial
                  </Badge>
                </HStack>
                <HStack align="baseline" gap="1">
                  <Text fontSize="5xl" fontWeight="bold" letterSpacing="-0.03em">
                    $49
                  </Text>
                  <Text color="fg.muted" fontWeight="medium">
                    /month
                  </Text>
                </HStack>
                <Text color="fg.muted">Start with a 14-day free trial, no credit card needed.</Text>
              </Card.Header>
              <Card.Body>
                <List.Root gap="3" variant="plain">
                  {proFeatures.map((item) => (
                    <List.Item key={item} alignItems="center">
                      <List.Indicator asChild color="green.600">
                        <Check aria-hidden />
                      </List.Indicator>
                      {item}
                    </List.Item>
                  ))}
                </List.Root>
              </Card.Body>
              <Card.Footer flexDirection="column" gap="3" pb="8">
                <Button asChild colorPalette="brand" size="lg" w="full">
                  <RouterLink to="/signup">Start Your 14-Day Free Trial</RouterLink>
                </Button>
                <HStack gap="1.5" textStyle="sm" color="fg.muted">
                  <Icon asChild boxSize="4">
                    <ShieldCheck aria-hidden />
                  </Icon>
                  <Text>30-day money-back guarantee</Text>
                </HStack>
              </Card.Footer>
            </Card.Root>
          </Container>
        </Box>
      </Box>

      <Box as="footer" borderTopWidth="1px" borderColor="border.muted" bg="bg">
        <Container maxW="6xl" py="8">
          <Flex
            direction={{ base: 'column', md: 'row' }}
            gap="4"
            align="center"
            justify="space-between"
            textAlign={{ base: 'center', md: 'start' }}
          >
            <Stack gap="1" align={{ base: 'center', md: 'flex-start' }}>
              <BrandLogo size="sm" />
              <Text textStyle="sm" color="fg.muted">
                AI social media content for small retail businesses, marketers and agencies.
              </Text>
            </Stack>
            <Stack gap="1" align={{ base: 'center', md: 'flex-end' }}>
              <Link asChild textStyle="sm" color="fg.muted">
                <RouterLink to="/master-login">Admin login</RouterLink>
              </Link>
              {/* The prerendered page carries the build's year; a visitor's clock may be past it. */}
              <Text textStyle="sm" color="fg.muted" suppressHydrationWarning>
                © {new Date().getFullYear()} Brandloom. All rights reserved.
              </Text>
            </Stack>
          </Flex>
        </Container>
      </Box>
    </Box>
  );
}
