import { Button, Card, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, CalendarClock, ShieldCheck, WandSparkles } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import type { CurrentUser } from '../../lib/user';

const DAY_MS = 86_400_000;

/** Days left in the trial, rounded up, never below 0 (spec §4); null when not in a trial. */
export function trialDaysLeft(
  user: Pick<CurrentUser, 'subscriptionStatus' | 'trialEndsAt'>,
  now: number,
): number | null {
  if (user.subscriptionStatus !== 'trial' || !user.trialEndsAt) return null;
  return Math.max(0, Math.ceil((Date.parse(user.trialEndsAt) - now) / DAY_MS));
}

const features = [
  {
    icon: WandSparkles,
    title: 'AI Content Generator',
    text: 'Posts for X, Instagram, Facebook and TikTok in your brand voice.',
    to: '/content-generator',
  },
  {
    icon: ShieldCheck,
    title: 'Content Moderation',
    text: 'Approve or reject every post before it goes out.',
    to: '/moderation',
  },
  {
    icon: CalendarClock,
    title: 'Schedule Queue',
    text: 'Plan when your approved posts are published.',
    to: '/schedule-queue',
  },
];

export function HomePage({ user }: { user: CurrentUser }) {
  const [now] = useState(() => Date.now());
  const daysLeft = trialDaysLeft(user, now);
  const inTrial = daysLeft !== null && daysLeft > 0;
  const active = user.subscriptionStatus === 'active';
  // Null: billing has not heard of the new account yet; no banner rather than a wrong one.
  const known = user.subscriptionStatus !== null;

  return (
    <Stack gap="6" maxW="5xl" mx="auto">
      <PageHeader title="Dashboard" subtitle="Your AI social media studio at a glance." />
      {inTrial && (
        <Card.Root
          as="section"
          aria-label="Trial"
          variant="subtle"
          colorPalette="brand"
          bg="colorPalette.subtle"
          borderRadius="xl"
        >
          <Card.Body>
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Text fontWeight="semibold">
                {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left in your free trial
              </Text>
              <Button asChild colorPalette="brand" size="sm">
                <RouterLink to="/plans">Upgrade Now</RouterLink>
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      )}
      {known && !inTrial && !active && (
        <Card.Root
          as="section"
          aria-label="Trial"
          variant="subtle"
          colorPalette="red"
          bg="colorPalette.subtle"
          borderRadius="xl"
        >
          <Card.Body>
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Stack gap="0">
                <Text fontWeight="semibold">Subscription Required</Text>
                <Text textStyle="sm">Subscribe to keep creating and posting content.</Text>
              </Stack>
              <Button asChild colorPalette="red" size="sm">
                <RouterLink to="/subscription">Subscribe Now</RouterLink>
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      )}

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {features.map(({ icon: Icon, title, text, to }) => (
          <Card.Root key={title} variant="outline" borderRadius="xl">
            <Card.Body gap="2">
              <Icon size={22} />
              <Heading size="md">{title}</Heading>
              <Text color="fg.muted" textStyle="sm">
                {text}
              </Text>
              <Button asChild variant="ghost" size="sm" alignSelf="flex-start" px="0">
                <RouterLink to={to}>
                  Open <ArrowRight />
                </RouterLink>
              </Button>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>

      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body gap="3">
          <Heading size="md">Getting started</Heading>
          <List.Root as="ol" ps="5" gap="1">
            <List.Item>Describe your brand in Brand Settings.</List.Item>
            <List.Item>
              Add your AI provider key in{' '}
              <RouterLink to="/api-settings" style={{ textDecoration: 'underline' }}>
                API Settings
              </RouterLink>
              .
            </List.Item>
            <List.Item>Generate a post and approve it in Moderation.</List.Item>
          </List.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
