import { signInSchema } from '@brandloom/proto-events/forms';
import { Link, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import { userFacingMessage } from '../../lib/errors';
import { firstErrorOnly } from '../../lib/forms';
import { AuthShell } from './auth-shell';
import { FormAlert } from './form-alert';
import { SIGN_IN_MUTATION } from './graphql';
import { EmailField, PasswordField } from './text-field';
import { useEnterApp } from './use-enter-app';
import { SubmitButton } from './submit-button';

type SignInValues = z.input<typeof signInSchema>;
type SignInOutput = z.output<typeof signInSchema>;

const resolver = firstErrorOnly(zodResolver(signInSchema));

export function SignInPage() {
  const enterApp = useEnterApp();
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
    await enterApp('Signed in successfully!');
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
          <FormAlert message={serverError} />
          <EmailField placeholder="you@example.com" error={errors.email?.message} {...register('email')} />
          <PasswordField error={errors.password?.message} {...register('password')} />
          <SubmitButton loading={isSubmitting} loadingText="Signing in...">
            Sign In
          </SubmitButton>
        </Stack>
      </form>
    </AuthShell>
  );
}
