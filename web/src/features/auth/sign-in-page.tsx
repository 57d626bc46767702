import { signInSchema } from '@brandloom/proto-events/forms';
import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { toast } from '../../components/ui/toaster';
import { userFacingMessage } from '../../lib/errors';
import { firstErrorOnly } from '../../lib/forms';
import { AuthShell } from './auth-shell';
import { ME_QUERY, SIGN_IN_MUTATION } from './graphql';
import { TextField } from './text-field';

type SignInValues = z.input<typeof signInSchema>;
type SignInOutput = z.output<typeof signInSchema>;

const resolver = firstErrorOnly(zodResolver(signInSchema));

export function SignInPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [signIn] = useMutation(SIGN_IN_MUTATION);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues, unknown, SignInOutput>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: SignInOutput) => {
    setServerError(null);
    try {
      await signIn({ variables: { input: values } });
    } catch (error) {
      setServerError(userFacingMessage(error, 'Failed to sign in'));
      return;
    }
    toast({ title: 'Signed in successfully!' });
    await client.refetchQueries({ include: [ME_QUERY] }).catch(() => undefined);
    void navigate('/', { replace: true });
  };

  return (
    <AuthShell
      title="Welcome back"
      description="Sign in to your Brandloom account."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/signup">Sign up</RouterLink>
          </Link>
        </>
      }
    >
      <title>Sign in · Brandloom</title>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <Stack gap="5">
          {serverError && (
            <Alert.Root status="error" borderRadius="lg" role="alert">
              <Alert.Indicator />
              <Alert.Title>{serverError}</Alert.Title>
            </Alert.Root>
          )}
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
            autoComplete="current-password"
            maxLength={256}
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting} loadingText="Signing in...">
            Sign In
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
