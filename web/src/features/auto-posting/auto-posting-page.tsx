import { contentTones as tones } from '@brandloom/proto-events/forms';
import {
  Alert,
  Box,
  Button,
  Card,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { PlanNeededNotice } from '../../components/plan-needed-notice';
import { autoPostPlatformKeys, platformLabels } from '../../lib/platforms';
import { QueryState } from '../../components/query-state';
import { SwitchField } from '../../components/switch-field';
import { toast } from '../../components/ui/toaster';
import type { AutoPostingSettingsFieldsFragment } from '../../gql/graphql';
import { errorCode } from '../../lib/error-code';
import { userFacingMessage } from '../../lib/errors';
import { AUTO_POSTING_PLAN_REQUIRED, autoPostingAllowed } from '../../lib/plans';
import type { CurrentUser } from '../../lib/user';
import {
  AUTO_POSTING_SETTINGS_QUERY,
  AUTO_POSTING_STATS_QUERY,
  SAVE_AUTO_POSTING_SETTINGS_MUTATION,
  SCHEDULE_POST_MUTATION,
} from './graphql';
import {
  emptySchedulePostForm,
  parseSchedulePost,
  type SchedulePostForm,
  type SchedulePostProblem,
} from './schedule-post-form';

const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);

export function AutoPostingPage({ user }: { user: CurrentUser }) {
  const [tab, setTab] = useState('schedule');
  const [planRefusal, setPlanRefusal] = useState<string | null>(null);
  const planMessage = planRefusal ?? (autoPostingAllowed(user) ? null : AUTO_POSTING_PLAN_REQUIRED);
  // A 403 names the plan in the server's words; it replaces the screen's own reading.
  const onRefused = (error: unknown, message: string) => {
    if (errorCode(error) === 'FORBIDDEN') setPlanRefusal(message);
  };

  return (
    <Stack gap="6" maxW="4xl" mx="auto">
      <PageHeader title="Auto-Posting" subtitle="Schedule posts to go out by themselves, and see how they did." />
      {planMessage && <PlanNeededNotice message={planMessage} />}
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} colorPalette="brand" lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="schedule">Schedule Post</Tabs.Trigger>
          <Tabs.Trigger value="settings">Settings</Tabs.Trigger>
          <Tabs.Trigger value="stats">Statistics</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="schedule">
          <SchedulePostTab onRefused={onRefused} />
        </Tabs.Content>
        <Tabs.Content value="settings">
          <SettingsTab onRefused={onRefused} />
        </Tabs.Content>
        <Tabs.Content value="stats">
          <StatisticsTab />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

type OnRefused = (error: unknown, message: string) => void;

function SchedulePostTab({ onRefused }: { onRefused: OnRefused }) {
  const [form, setForm] = useState<SchedulePostForm>(emptySchedulePostForm);
  const [problem, setProblem] = useState<SchedulePostProblem | null>(null);
  const [quotaWarning, setQuotaWarning] = useState<string | null>(null);
  const [schedule, { loading }] = useMutation(SCHEDULE_POST_MUTATION);
  const set = (change: Partial<SchedulePostForm>) => setForm({ ...form, ...change });
  const errorOf = (field: keyof SchedulePostForm) => (problem?.field === field ? problem.message : undefined);

  const onSubmit = async () => {
    const parsed = parseSchedulePost(form);
    setProblem(parsed.ok ? null : parsed.problem);
    if (!parsed.ok) return;
    try {
      const { data } = await schedule({ variables: { input: parsed.input } });
      setQuotaWarning(data?.schedulePost.quotaWarning ?? null);
      setForm(emptySchedulePostForm);
      toast({ title: 'Post Scheduled', description: 'Your post has been scheduled for auto-posting.' });
    } catch (error) {
      const message = userFacingMessage(error, 'Failed to schedule post');
      onRefused(error, message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  };

  return (
    <Card.Root variant="outline" borderRadius="xl">
      <Card.Body gap="4">
        {quotaWarning && (
          <Alert.Root status="warning" borderRadius="md" data-testid="quota-warning">
            <Alert.Indicator />
            <Alert.Description>{quotaWarning}</Alert.Description>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={!!errorOf('platform')}>
            <Field.Label>Platform</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.platform} onChange={(e) => set({ platform: e.target.value })}>
                <option value="">Select a platform</option>
                {autoPostPlatformKeys.map((key) => (
                  <option key={key} value={key}>
                    {platformLabels[key]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errorOf('platform')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errorOf('scheduledTime')}>
            <Field.Label>Scheduled time</Field.Label>
            <Input
              type="datetime-local"
              value={form.scheduledTime}
              onChange={(e) => set({ scheduledTime: e.target.value })}
            />
            <Field.ErrorText>{errorOf('scheduledTime')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!!errorOf('content')}>
          <Field.Label>Content</Field.Label>
          <Textarea rows={4} value={form.content} onChange={(e) => set({ content: e.target.value })} />
          <Field.ErrorText>{errorOf('content')}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>Topic</Field.Label>
            <Input value={form.topic} onChange={(e) => set({ topic: e.target.value })} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Tone</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.tone} onChange={(e) => set({ tone: e.target.value })}>
                {tones.map((tone) => (
                  <option key={tone} value={tone}>
                    {capitalized(tone)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        <Field.Root>
          <Field.Label>Hashtags</Field.Label>
          <Input
            value={form.hashtags}
            placeholder="#sale, #newarrivals"
            onChange={(e) => set({ hashtags: e.target.value })}
          />
          <Field.HelperText>Separate hashtags with commas.</Field.HelperText>
        </Field.Root>
        <SwitchField
          label="Require Approval"
          checked={form.requiresApproval}
          onChange={(requiresApproval) => set({ requiresApproval })}
        />
        <Button alignSelf="flex-start" colorPalette="brand" loading={loading} onClick={() => void onSubmit()}>
          Schedule Post
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

type AutoPostingSettings = AutoPostingSettingsFieldsFragment;

/** The settings as the mutation's input: Apollo adds `__typename` to what it reads, inputs have none. */
const asInput = ({ enabled, requireApproval, platforms, schedule }: AutoPostingSettings) => ({
  enabled,
  requireApproval,
  platforms: { twitter: platforms.twitter, instagram: platforms.instagram, facebook: platforms.facebook },
  // No control shows the schedule (spec §3): it goes back as it came.
  schedule: { frequency: schedule.frequency, times: schedule.times, timezone: schedule.timezone },
});

function SettingsTab({ onRefused }: { onRefused: OnRefused }) {
  const query = useQuery(AUTO_POSTING_SETTINGS_QUERY, { fetchPolicy: 'network-only' });
  const [save, { loading }] = useMutation(SAVE_AUTO_POSTING_SETTINGS_MUTATION);
  const [settings, setSettings] = useState<AutoPostingSettings | null>(null);

  useEffect(() => {
    if (query.data && !settings) setSettings(query.data.autoPostingSettings);
  }, [query.data, settings]);

  if (!settings) {
    return <QueryState error={query.error} retry={() => void query.refetch()} what="your auto-posting settings" />;
  }

  const onSave = async () => {
    try {
      const { data } = await save({ variables: { input: asInput(settings) } });
      if (data) setSettings(data.saveAutoPostingSettings);
      toast({ title: 'Settings Updated', description: 'Your auto-posting settings have been saved.' });
    } catch (error) {
      const message = userFacingMessage(error, 'Failed to update settings');
      onRefused(error, message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  };

  return (
    <Card.Root variant="outline" borderRadius="xl">
      <Card.Body gap="4">
        <SwitchField
          label="Enable Auto-Posting"
          checked={settings.enabled}
          onChange={(enabled) => setSettings({ ...settings, enabled })}
        />
        <SwitchField
          label="Always Require Approval"
          checked={settings.requireApproval}
          onChange={(requireApproval) => setSettings({ ...settings, requireApproval })}
        />
        <Text fontWeight="medium" mt="2">
          Platforms
        </Text>
        {autoPostPlatformKeys.map((key) => (
          <SwitchField
            key={key}
            label={platformLabels[key]}
            checked={settings.platforms[key]}
            onChange={(on) => setSettings({ ...settings, platforms: { ...settings.platforms, [key]: on } })}
          />
        ))}
        <Button alignSelf="flex-start" colorPalette="brand" loading={loading} onClick={() => void onSave()}>
          Save Settings
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

function StatisticsTab() {
  const query = useQuery(AUTO_POSTING_STATS_QUERY, { fetchPolicy: 'network-only' });
  if (!query.data) {
    return <QueryState error={query.error} retry={() => void query.refetch()} what="your auto-posting statistics" />;
  }
  const stats = query.data.autoPostingStats;
  const cards: [string, string][] = [
    ['Scheduled', String(stats.totalScheduled)],
    ['Posted', String(stats.totalPosted)],
    ['Failed', String(stats.totalFailed)],
    ['Success Rate', `${stats.successRate.toFixed(1)}%`],
  ];
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {cards.map(([label, value]) => (
          <Card.Root key={label} variant="outline" borderRadius="xl">
            <Card.Body py="4">
              <Text textStyle="sm" color="fg.muted">
                {label}
              </Text>
              <Text textStyle="2xl" fontWeight="bold" data-testid={`stats-${label.toLowerCase().replaceAll(' ', '-')}`}>
                {value}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Card.Root variant="outline" borderRadius="xl">
        <Card.Header>
          <Card.Title>Recent Activity (Last 7 Days)</Card.Title>
        </Card.Header>
        <Card.Body>
          {stats.recentActivity.length === 0 ? (
            <Text color="fg.muted" textAlign="center" py="4">
              No recent activity to display
            </Text>
          ) : (
            <Stack gap="2">
              {stats.recentActivity.map((day) => (
                <HStack key={day.date} justify="space-between" borderBottomWidth="1px" pb="2">
                  <Text>{new Date(`${day.date}T00:00:00`).toLocaleDateString(undefined, { dateStyle: 'medium' })}</Text>
                  <HStack gap="4">
                    <Box color="green.fg">{day.posted} posted</Box>
                    <Box color="red.fg">{day.failed} failed</Box>
                  </HStack>
                </HStack>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
