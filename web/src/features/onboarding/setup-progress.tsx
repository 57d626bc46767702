import { Box, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { Check } from 'lucide-react';

export interface ProgressStep {
  title: string;
  done: boolean;
}

/**
 * An onboarding route's own progress: how many of its steps are saved, and which one the owner
 * is on. (The setup page's 25 % is fixed by the spec and is not this.)
 */
export function SetupProgress({ label, steps, current }: { label: string; steps: ProgressStep[]; current: number }) {
  const done = steps.filter((step) => step.done).length;
  const percent = Math.round((done / steps.length) * 100);
  return (
    <Stack gap="4">
      <Progress.Root value={percent} colorPalette="brand" size="sm" shape="full" aria-label={label}>
        <HStack justify="space-between" mb="2">
          <Progress.Label fontWeight="semibold">{label}</Progress.Label>
          <Progress.ValueText color="brand.fg" fontWeight="semibold">
            {done} of {steps.length} done
          </Progress.ValueText>
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack as="ol" gap={{ base: '2', md: '4' }} listStyleType="none" wrap="wrap" aria-label={`${label} steps`}>
        {steps.map((step, index) => {
          const isCurrent = index === current;
          return (
            <HStack
              as="li"
              key={step.title}
              gap="2"
              aria-current={isCurrent ? 'step' : undefined}
              color={isCurrent ? 'fg' : 'fg.muted'}
            >
              <Box
                display="grid"
                placeItems="center"
                boxSize="7"
                borderRadius="full"
                fontSize="sm"
                fontWeight="semibold"
                bg={step.done ? 'green.500' : isCurrent ? 'brand.solid' : 'bg.muted'}
                color={step.done || isCurrent ? 'white' : 'fg.muted'}
              >
                {step.done ? <Check size={14} strokeWidth={3} aria-label="done" /> : index + 1}
              </Box>
              <Text fontWeight={isCurrent ? 'semibold' : 'normal'} textStyle="sm">
                {step.title}
              </Text>
            </HStack>
          );
        })}
      </HStack>
    </Stack>
  );
}
