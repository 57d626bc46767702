import { Switch } from '@chakra-ui/react';

/** A labelled on/off switch. */
export function SwitchField({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled ?? false}
      onCheckedChange={(e) => onChange(e.checked)}
      colorPalette="brand"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}
