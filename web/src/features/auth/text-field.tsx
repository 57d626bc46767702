import { Field, Input, type InputProps } from '@chakra-ui/react';

interface TextFieldProps extends InputProps {
  label: string;
  error?: string | undefined;
}

/** A labelled input with its validation message; the label names the input for assistive tech. */
export function TextField({ label, error, ...inputProps }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input size="lg" bg="bg" {...inputProps} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

type FieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: string };

/** An email input with the attributes browsers and password managers look for. */
export function EmailField({ label = 'Email', ...props }: FieldProps) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" maxLength={254} {...props} />;
}

/** A password input; `autoComplete` tells password managers whether it is new or current. */
export function PasswordField({ label = 'Password', ...props }: FieldProps) {
  return <TextField label={label} type="password" autoComplete="current-password" maxLength={256} {...props} />;
}
