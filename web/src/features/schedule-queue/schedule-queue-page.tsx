import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { PlanNeededNotice } from '../../components/plan-needed-notice';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/ui/toaster';
import type { ScheduleSettingsFieldsFragment } from '../../gql/graphql';
import { commaList } from '../../lib/comma-list';
import { errorCode } from '../../lib/error-code';
import { userFacingMessage } from '../../lib/errors';
import { platformLabel } from '../../lib/platforms';
import { AUTO_POSTING_PLAN_REQUIRED, autoPostingAllowed } from '../../lib/plans';
import type { CurrentUser } from '../../lib/user';
import { CalendarScheduler } from './calendar-scheduler';
import {
  SAVE_SCHEDULE_SETTINGS_MUTATION,
  SCHEDULE_QUEUE_QUERY,
  SCHEDULE_SETTINGS_QUERY,
  SCHEDULER_STATUS_QUERY,
  TOGGLE_SCHEDULER_MUTATION,
} from './graphql';
import { QueueList } from './queue-list';
import {
  POSTS_PER_DAY_MAX,
  POSTS_PER_DAY_MIN,
  firstScheduleProblem,
  peakHourChoices,
  postingFrequencies,
  schedulerRunning,
  timezones,
  type ScheduleProblem,
} from './schedule-rules';

/** Polling, spec §9. */
const STATUS_POLL_MS = 30_000;
const QUEUE_POLL_MS = 10_000;

type Settings = Omit<ScheduleSettingsFieldsFragment, '__typename'>;
/** The form: the settings, topics as typed, and the client-only 'Start Posting Now'. */
interface Form extends Settings {
  topicsText: string;
  startPostingNow: boolean;
}

const asForm = (settings: ScheduleSettingsFieldsFragment): Form => ({
  aiPostingEnabled: settings.aiPostingEnabled,
  postsPerDay: settings.postsPerDay,
  postingFrequency: settings.postingFrequency,
  peakHours: settings.peakHours,
  timezone: settings.timezone,
  weekdaysOnly: settings.weekdaysOnly,
  postEveryDay: settings.postEveryDay,
  selectedDays: settings.selectedDays,
  selectedDates: settings.selectedDates,
  contentTopics: settings.contentTopics,
  topicsText: settings.contentTopics.join(', '),
  // Client only, and never kept: every load starts with it off (spec §3).
  startPostingNow: false,
});

const asInput = (form: Form) => ({
  aiPostingEnabled: form.aiPostingEnabled,
  postsPerDay: form.postsPerDay,
  postingFrequency: form.postingFrequency,
  peakHours: form.peakHours,
  timezone: form.timezone,
  weekdaysOnly: form.weekdaysOnly,
  postEveryDay: form.postEveryDay,
  selectedDays: form.selectedDays,
  selectedDates: form.selectedDates,
  contentTopics: commaList(form.topicsText),
  startPostingNow: form.startPostingNow,
});

const clockTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : '--:--';

export function ScheduleQueuePage({ user }: { user: CurrentUser }) {
  const settingsQuery = useQuery(SCHEDULE_SETTINGS_QUERY, { fetchPolicy: 'network-only' });
  const statusQuery = useQuery(SCHEDULER_STATUS_QUERY, { pollInterval: STATUS_POLL_MS, fetchPolicy: 'network-only' });
  const queueQuery = useQuery(SCHEDULE_QUEUE_QUERY, { pollInterval: QUEUE_POLL_MS, fetchPolicy: 'network-only' });
  const [save, { loading: saving }] = useMutation(SAVE_SCHEDULE_SETTINGS_MUTATION);
  const [toggle, { loading: toggling }] = useMutation(TOGGLE_SCHEDULER_MUTATION);
  const [form, setForm] = useState<Form | null>(null);
  const [problem, setProblem] = useState<ScheduleProblem | null>(null);
  const [readyToStart, setReadyToStart] = useState(false);
  const [planRefusal, setPlanRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (settingsQuery.data && !form) setForm(asForm(settingsQuery.data.scheduleSettings));
  }, [settingsQuery.data, form]);

  const header = (
    <PageHeader
      title="Schedule Queue"
      subtitle="AI-powered automatic content generation and posting, on the schedule you set."
    />
  );
  if (!form || !settingsQuery.data) {
    return (
      <Stack gap="6" maxW="5xl" mx="auto">
        {header}
        <QueryState
          error={settingsQuery.error}
          retry={() => void settingsQuery.refetch()}
          what="your posting schedule"
        />
      </Stack>
    );
  }

  const status = statusQuery.data?.schedulerStatus;
  const running = schedulerRunning(status, settingsQuery.data.scheduleSettings);
  const set = (change: Partial<Form>) => setForm({ ...form, ...change });
  const planMessage = planRefusal ?? (autoPostingAllowed(user) ? null : AUTO_POSTING_PLAN_REQUIRED);

  const onSave = async () => {
    const found = firstScheduleProblem(form);
    setProblem(found);
    if (found) return;
    try {
      const { data } = await save({ variables: { input: asInput(form) } });
      if (data) setForm({ ...asForm(data.saveScheduleSettings), startPostingNow: form.startPostingNow });
      toast({ title: 'Settings Updated', description: 'Your posting schedule has been saved.' });
      if (!running) setReadyToStart(true);
    } catch (error) {
      toast({
        title: 'Update Failed',
        description: userFacingMessage(error, 'Failed to update schedule settings'),
        variant: 'destructive',
      });
    }
  };

  const onToggle = async () => {
    const enabled = !running;
    try {
      await toggle({ variables: { input: { enabled, startNow: enabled && form.startPostingNow } } });
      setReadyToStart(false);
      setPlanRefusal(null);
      toast(
        enabled
          ? { title: 'AI Posting Started', description: 'The AI will now generate and schedule content automatically.' }
          : { title: 'AI Posting Stopped', description: 'Automatic content generation has been paused.' },
      );
      await Promise.all([settingsQuery.refetch(), statusQuery.refetch(), queueQuery.refetch()]);
    } catch (error) {
      const message = userFacingMessage(error, 'Failed to toggle scheduler');
      if (errorCode(error) === 'FORBIDDEN') setPlanRefusal(message);
      toast({ title: 'Toggle Failed', description: message, variant: 'destructive' });
    }
  };

  const saveButton = (label: string) => (
    <Button
      alignSelf="flex-start"
      colorPalette="brand"
      variant="outline"
      loading={saving}
      onClick={() => void onSave()}
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="6" maxW="5xl" mx="auto">
      {header}
      {planMessage && <PlanNeededNotice message={planMessage} />}

      <Card.Root variant="outline" borderRadius="xl" as="section" aria-label="Scheduler status">
        <Card.Body gap="4">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <HStack gap="3">
              <Text fontWeight="semibold">AI Scheduler</Text>
              <Badge colorPalette={running ? 'green' : 'gray'} data-testid="scheduler-badge">
                {running ? 'Running' : 'Stopped'}
              </Badge>
            </HStack>
            <HStack gap="4" wrap="wrap">
              <Checkbox.Root
                checked={form.startPostingNow}
                disabled={running}
                onCheckedChange={(e) => set({ startPostingNow: e.checked === true })}
                colorPalette="brand"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Start Posting Now</Checkbox.Label>
              </Checkbox.Root>
              <Button colorPalette={running ? 'red' : 'green'} loading={toggling} onClick={() => void onToggle()}>
                {running ? 'Stop AI' : 'Start AI'}
              </Button>
            </HStack>
          </HStack>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <Stat label="Posts Scheduled" value={String(status?.postsScheduled ?? 0)} />
            <Stat label="Posts Today" value={String(status?.postsToday ?? 0)} />
            <Stat label="Next Post" value={clockTime(status?.nextPostTime)} />
          </SimpleGrid>
          {status?.lastFailure && (
            <Alert.Root status="error" size="sm" borderRadius="md" data-testid="last-failure">
              <Alert.Indicator />
              <Alert.Description>
                The last AI post for {platformLabel(status.lastFailure.platform)} failed (
                {new Date(status.lastFailure.at).toLocaleString()}): {status.lastFailure.reason}
              </Alert.Description>
            </Alert.Root>
          )}
          {running ? (
            <Alert.Root status="info" colorPalette="blue" borderRadius="md" data-testid="hint-active">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>AI Posting Active</Alert.Title>
                <Alert.Description>The AI generates and schedules posts on your schedule.</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            readyToStart && (
              <Alert.Root
                status="success"
                borderRadius="md"
                data-testid="hint-ready"
                animation="pulse 2s ease-in-out infinite"
              >
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>Ready to Start AI Posting</Alert.Title>
                  <Alert.Description>Your schedule is saved. Press Start AI to begin.</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )
          )}
        </Card.Body>
      </Card.Root>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Card.Root variant="outline" borderRadius="xl" as="section" aria-label="Posting Schedule">
          <Card.Header>
            <Card.Title>Posting Schedule</Card.Title>
            <Card.Description>How often the AI posts, and when.</Card.Description>
          </Card.Header>
          <Card.Body gap="4">
            <Field.Root invalid={problem?.field === 'postsPerDay'}>
              <Field.Label>Posts per day</Field.Label>
              <Input
                type="number"
                min={POSTS_PER_DAY_MIN}
                max={POSTS_PER_DAY_MAX}
                value={Number.isNaN(form.postsPerDay) ? '' : form.postsPerDay}
                onChange={(e) => set({ postsPerDay: e.target.valueAsNumber })}
              />
              <Field.ErrorText>{problem?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>Posting frequency</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={form.postingFrequency}
                  onChange={(e) => set({ postingFrequency: e.target.value })}
                >
                  {postingFrequencies.map((f) => (
                    <option key={f.value} value={f.value}>
                      {f.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root invalid={problem?.field === 'peakHours'}>
              <Field.Label>Peak hours</Field.Label>
              <Wrap gap="1.5" role="group" aria-label="Peak hours">
                {[...new Set([...peakHourChoices, ...form.peakHours])].sort().map((hour) => {
                  const on = form.peakHours.includes(hour);
                  return (
                    <Button
                      key={hour}
                      size="xs"
                      borderRadius="full"
                      variant={on ? 'solid' : 'outline'}
                      colorPalette={on ? 'brand' : 'gray'}
                      aria-pressed={on}
                      onClick={() =>
                        set({
                          peakHours: on ? form.peakHours.filter((h) => h !== hour) : [...form.peakHours, hour].sort(),
                        })
                      }
                    >
                      {hour}
                    </Button>
                  );
                })}
              </Wrap>
              <Field.ErrorText>{problem?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>Timezone</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={form.timezone} onChange={(e) => set({ timezone: e.target.value })}>
                  {timezones.map((zone) => (
                    <option key={zone.value} value={zone.value}>
                      {zone.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>Content topics</Field.Label>
              <Input
                value={form.topicsText}
                placeholder="new arrivals, weekend sale, customer stories"
                onChange={(e) => set({ topicsText: e.target.value })}
              />
              <Field.HelperText>Separate topics with commas; the AI picks one for each post.</Field.HelperText>
            </Field.Root>
            {saveButton('Save Schedule')}
          </Card.Body>
        </Card.Root>

        <CalendarScheduler choice={form} onChange={setForm} footer={saveButton('Save Calendar')} />
      </SimpleGrid>

      <QueueList items={queueQuery.data?.scheduleQueue ?? []} />
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box borderWidth="1px" borderRadius="lg" p="3">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text textStyle="xl" fontWeight="bold" data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}>
        {value}
      </Text>
    </Box>
  );
}
