import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/** At most one toast is visible; a new one replaces the one on screen. */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  pauseOnPageIdle: true,
  hotkey: ['F8'],
});

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: ToastVariant;
}

export function toast({ title, description, variant = 'default' }: ToastOptions): string {
  toaster.remove();
  return toaster.create({
    title,
    description,
    type: variant === 'destructive' ? 'error' : 'info',
    closable: true,
  });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(item) => (
          <Toast.Root width={{ md: 'sm' }} borderWidth={item.type === 'error' ? '0' : '1px'}>
            {item.type === 'error' && <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {item.title && <Toast.Title>{item.title}</Toast.Title>}
              {item.description && <Toast.Description>{item.description}</Toast.Description>}
            </Stack>
            {item.action && <Toast.ActionTrigger>{item.action.label}</Toast.ActionTrigger>}
            {item.closable && <Toast.CloseTrigger aria-label="Close notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
