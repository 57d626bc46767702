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
