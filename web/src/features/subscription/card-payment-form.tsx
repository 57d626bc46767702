import { Alert, Button, Stack } from '@chakra-ui/react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';
import { toast } from '../../components/ui/toaster';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** Stripe's own library, loaded from Stripe once per key; null when it cannot load. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let loading = stripeByKey.get(publishableKey);
  if (!loading) {
    loading = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, loading);
  }
  return loading;
}

function CardForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);

  const pay = async () => {
    if (!stripe || !elements) return;
    setPaying(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/subscription?success=true` },
    });
    setPaying(false);
    if (error) toast({ title: 'Payment Failed', description: error.message ?? '', variant: 'destructive' });
  };

  return (
    <Stack gap="4">
      <PaymentElement />
      <Button colorPalette="brand" loading={paying} disabled={!stripe} onClick={() => void pay()}>
        Start at $49/month
      </Button>
    </Stack>
  );
}

/** The embedded card form for the Pro card's payment intent. */
export function CardPaymentForm({
  clientSecret,
  publishableKey,
}: {
  clientSecret: string;
  publishableKey: string | null;
}) {
  const [stripe, setStripe] = useState<Stripe | null | 'loading'>(publishableKey ? 'loading' : null);
  useEffect(() => {
    if (!publishableKey) return;
    let current = true;
    void stripeFor(publishableKey).then((loaded) => current && setStripe(loaded));
    return () => {
      current = false;
    };
  }, [publishableKey]);

  if (stripe === 'loading') return <Button loading>Start at $49/month</Button>;
  if (!stripe) {
    return (
      <Alert.Root status="warning" data-testid="card-form-unavailable">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The card form cannot load right now</Alert.Title>
          <Alert.Description>
            Stripe&apos;s payment form could not be reached from this browser. Please try again later or contact
            support; the rest of Brandloom works as usual.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <CardForm />
    </Elements>
  );
}
