import { graphql } from '../../gql';

export const SCHEDULE_SETTINGS_QUERY = graphql(`
  query ScheduleSettingsScreen {
    scheduleSettings {
      ...ScheduleSettingsFields
    }
  }
  fragment ScheduleSettingsFields on ScheduleSettings {
    aiPostingEnabled
    postsPerDay
    postingFrequency
    peakHours
    timezone
    weekdaysOnly
    postEveryDay
    selectedDays
    selectedDates
    contentTopics
  }
`);

export const SCHEDULER_STATUS_QUERY = graphql(`
  query SchedulerStatusScreen {
    schedulerStatus {
      ...SchedulerStatusFields
    }
  }
  fragment SchedulerStatusFields on SchedulerStatus {
    isRunning
    postsScheduled
    postsToday
    nextPostTime
    lastFailure {
      platform
      reason
      at
    }
  }
`);

export const SCHEDULE_QUEUE_QUERY = graphql(`
  query ScheduleQueueScreen {
    scheduleQueue {
      id
      content
      scheduledTime
      status
      platform
      overdue
      quotaWarning
      failureReason
    }
  }
`);

export const SAVE_SCHEDULE_SETTINGS_MUTATION = graphql(`
  mutation SaveScheduleSettingsScreen($input: ScheduleSettingsInput!) {
    saveScheduleSettings(input: $input) {
      ...ScheduleSettingsFields
    }
  }
`);

export const TOGGLE_SCHEDULER_MUTATION = graphql(`
  mutation ToggleSchedulerScreen($input: SchedulerToggleInput!) {
    toggleScheduler(input: $input) {
      ...SchedulerStatusFields
    }
  }
`);
