import { signUpFormSchema, type SignUpForm } from '@brandloom/proto-events/forms';
import { Alert, Button, Link, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/toaster';
import { userFacingMessage } from '../../lib/errors';
import { AuthShell } from './auth-shell';
import { ME_QUERY, SIGN_UP_MUTATION } from './graphql';
import { TextField } from './text-field';

const resolver = zodResolver(signUpFormSchema);

export function SignUpPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [signUp] = useMutation(SIGN_UP_MUTATION);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpForm>({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: SignUpForm) => {
    setServerError(null);
    try {
      await signUp({
        variables: {
          input: {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            email: values.email.trim(),
            password: values.password,
          },
        },
      });
    } catch (error) {
      setServerError(userFacingMessage(error, 'Failed to create account'));
      return;
    }
    toast({ title: 'Account created successfully! Welcome to your 7-day free trial.' });
    await client.refetchQueries({ include: [ME_QUERY] }).catch(() => undefined);
    void navigate('/', { replace: true });
  };

  return (
    <AuthShell
      title="Create your account"
      description="Start your 7-day free trial. No credit card needed."
      footer={
        <>
          Already have an account?{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/signin">Sign in</RouterLink>
          </Link>
        </>
      }
    >
      <title>Create account · Brandloom</title>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <Stack gap="5">
          {serverError && (
            <Alert.Root status="error" borderRadius="lg" role="alert">
              <Alert.Indicator />
              <Alert.Title>{serverError}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField
              label="First name"
              autoComplete="given-name"
              maxLength={100}
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              maxLength={100}
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </SimpleGrid>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            maxLength={254}
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            placeholder="At least 6 characters"
            maxLength={256}
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            maxLength={256}
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting} loadingText="Creating account...">
            Create Account
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
