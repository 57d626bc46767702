import type { ReactElement } from 'react';
import { Button, Card, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { CircleAlert, Clock, Crown } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { SubscriptionState } from './subscription-state';

const tierNames = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
  agency: 'Agency',
} as const;

function formatDate(date: Date): string {
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

export function SubscriptionBanner({ state }: { state: SubscriptionState }) {
  switch (state.kind) {
    case 'trial':
      return (
        <Banner
          tone="brand"
          icon={<Clock />}
          title={`${state.daysLeft} ${state.daysLeft === 1 ? 'day' : 'days'} left in your free trial`}
          text="Upgrade any time to keep auto-posting, A/B testing and analytics after your trial."
          action={{ label: 'Upgrade Now', to: '/plans' }}
        />
      );
    case 'active':
      return (
        <Banner
          tone="green"
          icon={<Crown />}
          title={state.tier ? `Your ${tierNames[state.tier]} plan is active` : 'Your subscription is active'}
          text="Thanks for being a Brandloom customer."
        />
      );
    case 'canceled':
      return (
        <Banner
          tone="orange"
          icon={<CircleAlert />}
          title="Your subscription is canceled"
          text={`You keep access until ${formatDate(state.accessEndsAt)}.`}
          action={{ label: 'Subscribe Now', to: '/subscription' }}
        />
      );
    case 'required':
      return (
        <Banner
          tone="red"
          icon={<CircleAlert />}
          title="Subscription Required"
          text="Your free trial has ended. Subscribe to keep creating and posting content."
          action={{ label: 'Subscribe Now', to: '/subscription' }}
        />
      );
  }
}

interface BannerProps {
  tone: 'brand' | 'green' | 'orange' | 'red';
  icon: ReactElement;
  title: string;
  text: string;
  action?: { label: string; to: string };
}

function Banner({ tone, icon, title, text, action }: BannerProps) {
  return (
    <Card.Root
      as="section"
      aria-label="Subscription"
      variant="subtle"
      colorPalette={tone}
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.emphasized"
      borderRadius="xl"
    >
      <Card.Body
        py="4"
        gap="4"
        flexDirection={{ base: 'column', sm: 'row' }}
        alignItems={{ base: 'flex-start', sm: 'center' }}
      >
        <HStack gap="3" flex="1" align="flex-start">
          <Icon color="colorPalette.fg" boxSize="5" mt="0.5" aria-hidden>
            {icon}
          </Icon>
          <Stack gap="0.5">
            <Text fontWeight="semibold" color="colorPalette.fg">
              {title}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {text}
            </Text>
          </Stack>
        </HStack>
        {action && (
          <Button asChild size="sm" colorPalette={tone} flexShrink="0">
            <RouterLink to={action.to}>{action.label}</RouterLink>
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}
