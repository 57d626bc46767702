import { Badge, Box, Button, Card, Flex, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, Check, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CurrentUser } from '../../lib/user';
import { SubscriptionBanner } from './subscription-banner';
import { subscriptionState } from './subscription-state';

/** Setup progress is shown as a fixed quarter: only the welcome step is known to be done. */
const SETUP_PROGRESS = 25;

interface SetupStep {
  title: string;
  text: string;
  done?: boolean;
  action?: { label: string; to: string };
}

const steps: SetupStep[] = [
  {
    title: 'Welcome',
    text: 'Your account is ready and your free trial has started.',
    done: true,
  },
  {
    title: 'Brand Settings',
    text: 'Describe your brand name, voice and default tone so every post sounds like you.',
    action: { label: 'Set up your brand', to: '/brand-settings' },
  },
  {
    title: 'Connect your AI provider key',
    text: 'Add your AI provider key in API Settings. Generating a post costs about $0.02 in provider fees, and your keys are stored encrypted.',
    action: { label: 'Add your AI key', to: '/api-settings' },
  },
  {
    title: 'Generate your first post',
    text: 'Pick a topic and platform, and let the AI write a post for you to review in Moderation.',
    action: { label: 'Create your first post', to: '/content-generator' },
  },
];

interface SetupPageProps {
  user: CurrentUser;
  /** How long a new trial lasts, as the server says. */
  trialDays: number;
}

export function SetupPage({ user, trialDays }: SetupPageProps) {
  const [now] = useState(() => Date.now());
  const state = subscriptionState(user, now, trialDays);
  const firstName = user.firstName.trim();

  return (
    <Stack gap="8" maxW="4xl" mx="auto">
      <title>Get started · Brandloom</title>
      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          {firstName ? `Welcome to Brandloom, ${firstName}!` : 'Welcome to Brandloom!'}
        </Heading>
        <Text color="fg.muted" textStyle="lg">
          Finish these steps to start creating AI-powered posts for your store.
        </Text>
      </Stack>

      <SubscriptionBanner state={state} />

      <Card.Root variant="subtle" borderRadius="xl" bg="brand.subtle" as="section" aria-label="Guided setup">
        <Card.Body gap="4">
          <HStack gap="3" align="flex-start">
            <Box color="brand.fg" pt="1">
              <Sparkles size={20} aria-hidden />
            </Box>
            <Stack gap="1">
              <Heading as="h2" size="md">
                New to AI keys? Let us guide you
              </Heading>
              <Text textStyle="sm" color="fg.muted">
                Quick Setup takes you from your brand to a first post in Moderation in three short steps, and picks up
                where you left off.
              </Text>
            </Stack>
          </HStack>
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/quick-setup">
                Start Quick Setup
                <ArrowRight aria-hidden />
              </RouterLink>
            </Button>
            <Button asChild variant="outline" colorPalette="brand" size="sm" bg="bg">
              <RouterLink to="/smart-onboarding">Draft your brand with AI</RouterLink>
            </Button>
            <Button asChild variant="outline" colorPalette="brand" size="sm" bg="bg">
              <RouterLink to="/api-setup">Guided API setup</RouterLink>
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>

      <Card.Root variant="outline" borderRadius="xl" bg="bg">
        <Card.Body gap="6">
          <Progress.Root value={SETUP_PROGRESS} colorPalette="brand" size="md" shape="full">
            <HStack justify="space-between" mb="2">
              <Progress.Label fontWeight="semibold">Setup progress</Progress.Label>
              <Progress.ValueText color="brand.fg" fontWeight="semibold">
                {SETUP_PROGRESS}%
              </Progress.ValueText>
            </HStack>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
            <Text textStyle="sm" color="fg.muted" mt="2">
              1 of {steps.length} steps complete
            </Text>
          </Progress.Root>

          <Stack as="ol" gap="3" listStyleType="none" aria-label="Setup steps">
            {steps.map((step, index) => (
              <Box as="li" key={step.title}>
                <Flex
                  gap="4"
                  p="4"
                  borderRadius="lg"
                  borderWidth="1px"
                  borderColor={step.done ? 'green.200' : 'border.muted'}
                  bg={step.done ? 'green.50' : 'bg'}
                  direction={{ base: 'column', sm: 'row' }}
                  align={{ base: 'stretch', sm: 'center' }}
                >
                  <HStack gap="4" flex="1" align="flex-start">
                    <Box
                      display="grid"
                      placeItems="center"
                      flexShrink="0"
                      boxSize="9"
                      borderRadius="full"
                      fontWeight="semibold"
                      bg={step.done ? 'green.500' : 'brand.subtle'}
                      color={step.done ? 'white' : 'brand.fg'}
                    >
                      {step.done ? <Check size={18} strokeWidth={3} aria-hidden /> : index + 1}
                    </Box>
                    <Stack gap="1">
                      <HStack gap="2" wrap="wrap">
                        <Heading as="h2" size="md">
                          {step.title}
                        </Heading>
                        {step.done && (
                          <Badge colorPalette="green" variant="subtle">
                            Done
                          </Badge>
                        )}
                      </HStack>
                      <Text textStyle="sm" color="fg.muted">
                        {step.text}
                      </Text>
                    </Stack>
                  </HStack>
                  {step.action && (
                    <Button asChild variant="outline" colorPalette="brand" size="sm" flexShrink="0">
                      <RouterLink to={step.action.to}>
                        {step.action.label}
                        <ArrowRight aria-hidden />
                      </RouterLink>
                    </Button>
                  )}
                </Flex>
              </Box>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
