import { signInSchema } from '@brandloom/proto-events/forms';
import { HStack, Icon, Link, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import { toast } from '../../components/ui/toaster';
import { userFacingMessage } from '../../lib/errors';
import { firstErrorOnly } from '../../lib/forms';
import { AuthShell } from './auth-shell';
import { MASTER_LOGIN_MUTATION } from './graphql';
import { EmailField, PasswordField } from './text-field';
import { useEnterApp } from './use-enter-app';
import { SubmitButton } from './submit-button';

type MasterLoginValues = z.input<typeof signInSchema>;
type MasterLoginOutput = z.output<typeof signInSchema>;

const resolver = firstErrorOnly(zodResolver(signInSchema));

export function MasterLoginPage() {
  const enterApp = useEnterApp();
  const [masterLogin] = useMutation(MASTER_LOGIN_MUTATION);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<MasterLoginValues, unknown, MasterLoginOutput>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: MasterLoginOutput) => {
    try {
      await masterLogin({ variables: { input: values } });
    } catch (error) {
      // The server's message is the spec's 'Invalid email or password', or the sign-in limit's.
      toast({
        title: 'Login failed',
        description: userFacingMessage(error, 'Invalid email or password'),
        variant: 'destructive',
      });
      return;
    }
    await enterApp('Login successful');
  };

  return (
    <AuthShell
      title="Master Admin Login"
      description="Sign in with your administrator account to manage all users."
      footer={
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to="/signin">
            <HStack as="span" gap="1.5">
              <Icon asChild boxSize="4">
                <ArrowLeft aria-hidden />
              </Icon>
              Back to main login
            </HStack>
          </RouterLink>
        </Link>
      }
    >
      <title>Master admin login · Brandloom</title>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <Stack gap="5">
          <EmailField
            label="Admin email"
            autoComplete="username"
            placeholder="admin@example.com"
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordField error={errors.password?.message} {...register('password')} />
          <SubmitButton loading={isSubmitting} loadingText="Logging in...">
            Log In
          </SubmitButton>
        </Stack>
      </form>
    </AuthShell>
  );
}
