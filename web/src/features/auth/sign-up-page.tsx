import { signUpFormSchema, type SignUpForm } from '@brandloom/proto-events/forms';
import { Link, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { userFacingMessage } from '../../lib/errors';
import { AuthShell } from './auth-shell';
import { FormAlert } from './form-alert';
import { SIGN_UP_MUTATION } from './graphql';
import { EmailField, PasswordField, TextField } from './text-field';
import { useEnterApp } from './use-enter-app';
import { SubmitButton } from './submit-button';

const resolver = zodResolver(signUpFormSchema);

export function SignUpPage() {
  const enterApp = useEnterApp();
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
    await enterApp('Account created successfully! Welcome to your 7-day free trial.');
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
          <FormAlert message={serverError} />
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
          <EmailField placeholder="you@example.com" error={errors.email?.message} {...register('email')} />
          <PasswordField
            autoComplete="new-password"
            placeholder="At least 6 characters"
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <SubmitButton loading={isSubmitting} loadingText="Creating account...">
            Create Account
          </SubmitButton>
        </Stack>
      </form>
    </AuthShell>
  );
}
