import { Alert, Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { PlatformIcon } from '../../components/platform-icon';
import type { ScheduleQueueScreenQuery } from '../../gql/graphql';
import { timeUntil } from '../../lib/time-until';

type QueueItem = ScheduleQueueScreenQuery['scheduleQueue'][number];

/** 'published' and 'posted' are the primary badge, every other status secondary (spec §3). */
const isPublished = (status: string) => status === 'posted' || status === 'published';

/** Posts with a time to go out, soonest first, as the scheduling service lists them. */
export function QueueList({ items }: { items: QueueItem[] }) {
  return (
    <Card.Root variant="outline" borderRadius="xl" as="section" aria-label="Scheduled posts">
      <Card.Header>
        <Card.Title>Scheduled Posts</Card.Title>
      </Card.Header>
      <Card.Body>
        {items.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="6">
            Nothing is scheduled yet. Schedule a post on Auto-Posting, or start the AI.
          </Text>
        ) : (
          <Stack gap="3">
            {items.map((item) => (
              <Stack key={item.id} gap="2" borderWidth="1px" borderRadius="lg" p="3" data-testid="queue-item">
                <HStack gap="3" align="flex-start">
                  <PlatformIcon platform={item.platform} />
                  <Text flex="1" lineClamp={2}>
                    {item.content}
                  </Text>
                  <Badge
                    colorPalette={isPublished(item.status) ? 'brand' : 'gray'}
                    variant={isPublished(item.status) ? 'solid' : 'subtle'}
                  >
                    {item.status}
                  </Badge>
                </HStack>
                <Text textStyle="sm" color="fg.muted">
                  {new Date(item.scheduledTime).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
                  {!isPublished(item.status) && item.status !== 'failed' && (
                    <> · {item.overdue ? 'Overdue' : timeUntil(item.scheduledTime)}</>
                  )}
                </Text>
                {item.quotaWarning && (
                  <Alert.Root status="warning" size="sm" borderRadius="md">
                    <Alert.Indicator />
                    <Alert.Description>{item.quotaWarning}</Alert.Description>
                  </Alert.Root>
                )}
                {item.failureReason && (
                  <Alert.Root status="error" size="sm" borderRadius="md">
                    <Alert.Indicator />
                    <Alert.Description>Failed: {item.failureReason}</Alert.Description>
                  </Alert.Root>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
