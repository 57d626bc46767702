import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Spinner,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Check, Info, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../components/ui/toaster';
import { CREATE_SUBSCRIPTION_MUTATION, PLANS_QUERY } from './graphql';

type Period = 'monthly' | 'yearly';

const faq = [
  {
    q: 'Can I change plans later?',
    a: 'Yes. Upgrade or downgrade at any time; the change applies from your next billing period.',
  },
  {
    q: 'What happens after my free trial?',
    a: 'Your 14-day free trial includes 10 AI posts, basic scheduling and limited analytics. Choose a plan to keep creating.',
  },
  {
    q: 'How many posts do I get?',
    a: 'Starter 50 a month, Professional 200, Enterprise 500 and Agency unlimited.',
  },
  { q: 'Can I cancel?', a: 'Yes. Cancelling keeps your access until the end of the period you paid for.' },
];

/** Plans & Pricing: four tiers through Stripe Checkout, monthly or yearly. */
export function PlansPage() {
  const { data, loading } = useQuery(PLANS_QUERY);
  const [startCheckout] = useMutation(CREATE_SUBSCRIPTION_MUTATION);
  const [period, setPeriod] = useState<Period>('monthly');
  const [choosing, setChoosing] = useState<string | null>(null);

  const choose = async (planId: string) => {
    setChoosing(planId);
    try {
      const result = await startCheckout({
        variables: { planId, priceId: period, siteOrigin: window.location.origin },
      });
      const url = result.data?.createSubscription.checkoutUrl;
      if (!url) throw new Error('no checkout address');
      window.location.assign(url);
    } catch {
      setChoosing(null);
      toast({
        title: 'Subscription Error',
        description: 'Failed to start subscription. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack gap="8" maxW="6xl" mx="auto">
      <title>Plans & Pricing · Brandloom</title>
      <Stack gap="2" textAlign="center" align="center">
        <Heading as="h1" size="3xl">
          Plans & Pricing
        </Heading>
        <Text color="fg.muted">Start with a 14-day free trial. Pick the plan that fits your store.</Text>
        <HStack gap="3" mt="4">
          <Text fontWeight={period === 'monthly' ? 'semibold' : 'normal'}>Monthly</Text>
          <Switch.Root
            checked={period === 'yearly'}
            onCheckedChange={(details) => setPeriod(details.checked ? 'yearly' : 'monthly')}
            colorPalette="brand"
          >
            <Switch.HiddenInput aria-label="Bill yearly" />
            <Switch.Control />
          </Switch.Root>
          <Text fontWeight={period === 'yearly' ? 'semibold' : 'normal'}>Yearly</Text>
          <Badge colorPalette="green">Save 20%</Badge>
        </HStack>
      </Stack>

      {loading || !data ? (
        <Flex justify="center" py="10">
          <Spinner />
        </Flex>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="5">
          {data.plans.map((plan) => (
            <Card.Root
              key={plan.id}
              data-testid={`plan-${plan.id}`}
              variant="outline"
              borderRadius="xl"
              borderColor={plan.popular ? 'brand.solid' : undefined}
              borderWidth={plan.popular ? '2px' : '1px'}
            >
              <Card.Header>
                <HStack justify="space-between">
                  <Heading size="lg">{plan.name}</Heading>
                  {plan.popular && <Badge colorPalette="brand">Most popular</Badge>}
                </HStack>
                <HStack align="baseline" gap="1" mt="2">
                  <Text textStyle="3xl" fontWeight="bold" data-testid="plan-price">
                    ${period === 'monthly' ? plan.monthlyPrice : plan.yearlyPricePerMonth}
                  </Text>
                  <Text color="fg.muted">/month</Text>
                </HStack>
                <Text textStyle="sm" color="fg.muted" minH="5">
                  {period === 'yearly'
                    ? `Billed $${plan.yearlyPrice} yearly · Save $${plan.yearlySavings}`
                    : 'Billed monthly'}
                </Text>
                <Text textStyle="sm">
                  {plan.monthlyPostLimit === null ? 'Unlimited posts' : `${plan.monthlyPostLimit} posts per month`}
                </Text>
              </Card.Header>
              <Card.Body gap="2">
                {plan.features.map((feature) => (
                  <HStack key={feature} gap="2" align="start">
                    <Box color="green.fg" mt="0.5">
                      <Check size={16} />
                    </Box>
                    <Text textStyle="sm">{feature}</Text>
                  </HStack>
                ))}
                {plan.limitations.map((limitation) => (
                  <HStack key={limitation} gap="2" align="start" color="fg.muted">
                    <Box mt="0.5">
                      <X size={16} />
                    </Box>
                    <Text textStyle="sm">{limitation}</Text>
                  </HStack>
                ))}
              </Card.Body>
              <Card.Footer>
                <Button
                  width="full"
                  colorPalette="brand"
                  variant={plan.popular ? 'solid' : 'outline'}
                  loading={choosing === plan.id}
                  disabled={choosing !== null}
                  onClick={() => void choose(plan.id)}
                >
                  Choose {plan.name}
                </Button>
              </Card.Footer>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}

      <Card.Root variant="subtle" borderRadius="xl">
        <Card.Body>
          <HStack gap="3" align="start">
            <Info size={20} />
            <Text>
              TikTok is content creation only, with manual posting: direct posting is targeted for Q2 2025, pending
              provider approval.
            </Text>
          </HStack>
        </Card.Body>
      </Card.Root>

      <Stack gap="4">
        <Heading as="h2" size="xl">
          Frequently asked questions
        </Heading>
        {faq.map((item) => (
          <Stack key={item.q} gap="1">
            <Text fontWeight="semibold">{item.q}</Text>
            <Text color="fg.muted">{item.a}</Text>
          </Stack>
        ))}
      </Stack>

      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body>
          <HStack gap="3" align="start">
            <ShieldCheck size={20} />
            <Stack gap="1">
              <Text fontWeight="semibold">Our honest promise</Text>
              <Text color="fg.muted">
                No hidden fees and no lock-in. Payments are handled by Stripe; cancel any time and keep access until the
                end of the period you paid for.
              </Text>
            </Stack>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
