import { Alert, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** Why a feature is not available on the user's plan, with the way to a plan that has it. */
export function PlanNeededNotice({ message }: { message: string }) {
  return (
    <Alert.Root status="warning" borderRadius="xl" data-testid="plan-needed">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {message}{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/plans">See plans</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
