import { bodyAsInput, restReply, type RestRequest, type RestRoute } from '@brandloom/runtime/edge';

const settingsFields = `aiPostingEnabled postsPerDay postingFrequency peakHours timezone weekdaysOnly postEveryDay
  selectedDays selectedDates contentTopics`;
const statusFields = 'isRunning postsScheduled postsToday nextPostTime lastFailure { platform reason at }';
const autoPostingFields = `enabled requireApproval platforms { twitter instagram facebook }
  schedule { frequency times timezone }`;

type FieldKind = 'int' | 'string' | 'strings' | 'boolean' | 'as-sent';
const fits: Record<FieldKind, (value: unknown) => boolean> = {
  int: (value) => Number.isInteger(value) && Math.abs(value as number) < 2 ** 31,
  string: (value) => typeof value === 'string',
  strings: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  boolean: (value) => typeof value === 'boolean',
  'as-sent': () => true,
};

/**
 * The body as a form's GraphQL input: fields the input does not know are left out, and a field
 * with a rule of its own that has the wrong type is sent as null, so the service answers with
 * the form's message ('Posts per day must be a number from 1 to 20', 'enabled must be true or
 * false') rather than GraphQL's. Other fields go as sent (GraphQL names a wrong one).
 */
function formInput(fields: Record<string, FieldKind>) {
  return (req: RestRequest) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input: Record<string, unknown> = {};
    for (const [field, kind] of Object.entries(fields)) {
      if (Object.hasOwn(body, field)) input[field] = fits[kind](body[field]) ? body[field] : null;
    }
    return { input };
  };
}

const scheduleSettingsInput = formInput({
  aiPostingEnabled: 'as-sent',
  postsPerDay: 'int',
  postingFrequency: 'string',
  peakHours: 'strings',
  timezone: 'string',
  weekdaysOnly: 'as-sent',
  postEveryDay: 'as-sent',
  selectedDays: 'as-sent',
  selectedDates: 'as-sent',
  contentTopics: 'as-sent',
  startPostingNow: 'as-sent',
});
const toggleInput = formInput({ enabled: 'boolean', startNow: 'as-sent' });

/** The scheduling paths of the spec (§7), each served by a scheduling operation. */
export const schedulingRestRoutes: readonly RestRoute[] = [
  {
    method: 'get',
    path: '/api/schedule-settings',
    operation: `query ScheduleSettings { scheduleSettings { ${settingsFields} } }`,
    reply: (data) => restReply(data['scheduleSettings']),
  },
  {
    method: 'put',
    path: '/api/schedule-settings',
    operation: `mutation SaveScheduleSettings($input: ScheduleSettingsInput!) {
      saveScheduleSettings(input: $input) { ${settingsFields} } }`,
    variables: scheduleSettingsInput,
    reply: (data) => restReply(data['saveScheduleSettings']),
  },
  {
    method: 'get',
    path: '/api/schedule-queue/status',
    operation: `query SchedulerStatus { schedulerStatus { ${statusFields} } }`,
    reply: (data) => restReply(data['schedulerStatus']),
  },
  {
    method: 'post',
    path: '/api/schedule-queue/toggle',
    operation: `mutation ToggleScheduler($input: SchedulerToggleInput!) { toggleScheduler(input: $input) { ${statusFields} } }`,
    variables: toggleInput,
    reply: (data) => restReply(data['toggleScheduler']),
  },
  {
    method: 'get',
    path: '/api/schedule/queue',
    operation: `query ScheduleQueue { scheduleQueue {
      id content scheduledTime status platform overdue quotaWarning failureReason heldReason } }`,
    reply: (data) => restReply(data['scheduleQueue']),
  },
  {
    method: 'post',
    path: '/api/auto-posting/settings',
    operation: `mutation SaveAutoPostingSettings($input: AutoPostingSettingsInput!) {
      saveAutoPostingSettings(input: $input) { ${autoPostingFields} } }`,
    variables: bodyAsInput,
    reply: (data) => restReply(data['saveAutoPostingSettings']),
  },
  {
    method: 'get',
    path: '/api/auto-posting/settings',
    operation: `query AutoPostingSettings { autoPostingSettings { ${autoPostingFields} } }`,
    reply: (data) => restReply(data['autoPostingSettings']),
  },
  {
    method: 'get',
    path: '/api/auto-posting/stats',
    operation: `query AutoPostingStats { autoPostingStats {
      totalScheduled totalPosted totalFailed successRate recentActivity { date posted failed } } }`,
    reply: (data) => restReply(data['autoPostingStats']),
  },
];
