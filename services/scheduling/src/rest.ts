import { bodyAsInput, restReply, type RestRoute } from '@brandloom/runtime/edge';

const settingsFields = `aiPostingEnabled postsPerDay postingFrequency peakHours timezone weekdaysOnly postEveryDay
  selectedDays selectedDates contentTopics`;
const statusFields = 'isRunning postsScheduled postsToday nextPostTime lastFailure { platform reason at }';
const autoPostingFields = `enabled requireApproval platforms { twitter instagram facebook }
  schedule { frequency times timezone }`;

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
    variables: bodyAsInput,
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
    variables: bodyAsInput,
    reply: (data) => restReply(data['toggleScheduler']),
  },
  {
    method: 'get',
    path: '/api/schedule/queue',
    operation: `query ScheduleQueue { scheduleQueue {
      id content scheduledTime status platform overdue quotaWarning failureReason } }`,
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
