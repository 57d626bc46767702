import {
  Badge,
  Button,
  Card,
  CloseButton,
  Dialog,
  Flex,
  Heading,
  HStack,
  Portal,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Check, PartyPopper } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { toast } from '../../components/ui/toaster';
import { NETWORK_ERROR_MESSAGE, userFacingMessage } from '../../lib/errors';
import { CardPaymentForm } from './card-payment-form';
import { CANCEL_SUBSCRIPTION_MUTATION, CREATE_PAYMENT_INTENT_MUTATION, SUBSCRIPTION_QUERY } from './graphql';

const PRO_PRICE = 49;
const tierNames: Record<string, string> = {
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
  agency: 'Agency',
};
const monthlyCost: Record<string, number> = { starter: 29, professional: 69, enterprise: 129, agency: 249 };
const DAY = 86_400_000;

function WelcomeToPro() {
  return (
    <Card.Root variant="outline" borderRadius="xl" textAlign="center" data-testid="welcome-to-pro">
      <Card.Body gap="4" alignItems="center" py="10">
        <PartyPopper size={40} />
        <Heading size="2xl">Welcome to Pro!</Heading>
        <Text color="fg.muted">
          Unlimited generation, auto-posting, advanced analytics and priority support are yours.
        </Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">Go to your dashboard</RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** Subscription: the current plan, the Free and Pro cards, payment, and cancellation. */
export function SubscriptionPage() {
  const [params] = useSearchParams();
  const returnedFromPayment = params.get('success') === 'true';
  const { data, loading, refetch } = useQuery(SUBSCRIPTION_QUERY, { fetchPolicy: 'network-only' });
  const [createPaymentIntent] = useMutation(CREATE_PAYMENT_INTENT_MUTATION);
  const [cancelSubscription] = useMutation(CANCEL_SUBSCRIPTION_MUTATION);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [startingPayment, setStartingPayment] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    if (returnedFromPayment) toast({ title: 'Payment Successful!', description: 'Your subscription is now active.' });
  }, [returnedFromPayment]);

  if (returnedFromPayment) return <WelcomeToPro />;
  if (loading || !data?.me) {
    return (
      <Flex justify="center" py="10">
        <Spinner />
      </Flex>
    );
  }
  const user = data.me;
  const status = user.subscriptionStatus ?? 'trial';
  const plan = user.subscriptionTier ? tierNames[user.subscriptionTier] : 'Free Trial';
  const cost = user.subscriptionTier ? monthlyCost[user.subscriptionTier] : 0;
  const nextBilling = new Date(user.subscriptionEndsAt ? Date.parse(user.subscriptionEndsAt) : Date.now() + 30 * DAY);

  const upgrade = async () => {
    setStartingPayment(true);
    try {
      const result = await createPaymentIntent({ variables: { amount: PRO_PRICE } });
      setClientSecret(result.data?.createPaymentIntent.clientSecret ?? null);
    } catch {
      toast({ description: 'Failed to initialize payment. Please try again.', variant: 'destructive' });
    } finally {
      setStartingPayment(false);
    }
  };

  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelSubscription();
      toast({ title: 'Subscription Cancelled' });
      setConfirmCancel(false);
      await refetch();
    } catch (error) {
      const message = userFacingMessage(error, 'Failed to cancel subscription. Please contact support.');
      toast({
        title: 'Cancellation Failed',
        description:
          message === NETWORK_ERROR_MESSAGE
            ? 'Failed to cancel subscription. Please try again or contact support.'
            : message,
        variant: 'destructive',
      });
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Stack gap="8" maxW="5xl" mx="auto">
      <title>Subscription · Brandloom</title>
      <Heading as="h1" size="3xl">
        Subscription
      </Heading>

      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body>
          {status === 'trial' || status === 'active' ? (
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <Stack gap="1">
                <Text color="fg.muted">Current plan</Text>
                <Text fontWeight="semibold" textStyle="xl" data-testid="current-plan">
                  {plan}
                </Text>
              </Stack>
              <Stack gap="1">
                <Text color="fg.muted">Monthly cost</Text>
                <Text fontWeight="semibold" textStyle="xl">
                  ${cost}
                </Text>
              </Stack>
              <Stack gap="1">
                <Text color="fg.muted">Trial days remaining</Text>
                <Text fontWeight="semibold" textStyle="xl" data-testid="trial-days">
                  {status === 'trial' ? (user.trialDaysRemaining ?? 0) : '—'}
                </Text>
              </Stack>
            </SimpleGrid>
          ) : (
            <Stack gap="1" data-testid="no-active-plan">
              <Text fontWeight="semibold" textStyle="xl">
                No Active Plan
              </Text>
              <Badge colorPalette="red" alignSelf="start">
                Expired
              </Badge>
              {status === 'canceled' && user.subscriptionEndsAt && (
                <Text color="fg.muted">
                  Cancelled: your access lasts until {new Date(user.subscriptionEndsAt).toLocaleDateString()}.
                </Text>
              )}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>

      {status === 'active' ? (
        <Card.Root variant="outline" borderRadius="xl">
          <Card.Header>
            <Heading size="lg">Billing</Heading>
          </Card.Header>
          <Card.Body gap="3">
            <Text>Next billing date: {nextBilling.toLocaleDateString()}</Text>
            <Text>Payment method: card on file with Stripe</Text>
            <HStack gap="3" wrap="wrap">
              <Button variant="outline" colorPalette="red" onClick={() => setConfirmCancel(true)}>
                Cancel subscription
              </Button>
              <Button asChild variant="ghost">
                <RouterLink to="/support">Billing help</RouterLink>
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Card.Root variant="outline" borderRadius="xl">
            <Card.Header>
              <Heading size="lg">Free</Heading>
              <Text textStyle="2xl" fontWeight="bold">
                $0
              </Text>
            </Card.Header>
            <Card.Body gap="2">
              {['7-day free trial', '10 AI posts', 'Basic scheduling', 'Limited analytics'].map((feature) => (
                <HStack key={feature} gap="2">
                  <Check size={16} />
                  <Text textStyle="sm">{feature}</Text>
                </HStack>
              ))}
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline" borderRadius="xl" borderColor="brand.solid" borderWidth="2px">
            <Card.Header>
              <HStack justify="space-between">
                <Heading size="lg">Pro</Heading>
                {user.promotional.isPromotional && (
                  <Badge colorPalette="brand">Promotional price · {user.promotional.daysRemaining} days left</Badge>
                )}
              </HStack>
              <Text textStyle="2xl" fontWeight="bold">
                $49/month
              </Text>
              <Text textStyle="sm" color="fg.muted">
                Includes a 14-day free trial
              </Text>
            </Card.Header>
            <Card.Body gap="3">
              {['Unlimited generation', 'Auto-posting', 'Advanced analytics', 'Priority support'].map((feature) => (
                <HStack key={feature} gap="2">
                  <Check size={16} />
                  <Text textStyle="sm">{feature}</Text>
                </HStack>
              ))}
              {clientSecret ? (
                <CardPaymentForm clientSecret={clientSecret} publishableKey={data.stripePublishableKey ?? null} />
              ) : (
                <Button colorPalette="brand" loading={startingPayment} onClick={() => void upgrade()}>
                  Upgrade to Pro
                </Button>
              )}
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      )}

      <Dialog.Root role="alertdialog" open={confirmCancel} onOpenChange={(details) => setConfirmCancel(details.open)}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content borderRadius="xl">
              <Dialog.Header>
                <Dialog.Title>Cancel your subscription?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>You keep access until the end of the period you paid for.</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setConfirmCancel(false)}>
                  Keep subscription
                </Button>
                <Button colorPalette="red" loading={cancelling} onClick={() => void cancel()}>
                  Cancel subscription
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
