import { graphql } from '../../gql';

export const SCHEDULE_POST_MUTATION = graphql(`
  mutation SchedulePostScreen($input: SchedulePostInput!) {
    schedulePost(input: $input) {
      post {
        id
        status
        scheduledTime
      }
      quotaWarning
    }
  }
`);

export const AUTO_POSTING_SETTINGS_QUERY = graphql(`
  query AutoPostingSettingsScreen {
    autoPostingSettings {
      ...AutoPostingSettingsFields
    }
  }
  fragment AutoPostingSettingsFields on AutoPostingSettings {
    enabled
    requireApproval
    platforms {
      twitter
      instagram
      facebook
    }
    schedule {
      frequency
      times
      timezone
    }
  }
`);

export const SAVE_AUTO_POSTING_SETTINGS_MUTATION = graphql(`
  mutation SaveAutoPostingSettingsScreen($input: AutoPostingSettingsInput!) {
    saveAutoPostingSettings(input: $input) {
      ...AutoPostingSettingsFields
    }
  }
`);

export const AUTO_POSTING_STATS_QUERY = graphql(`
  query AutoPostingStatsScreen {
    autoPostingStats {
      totalScheduled
      totalPosted
      totalFailed
      successRate
      recentActivity {
        date
        posted
        failed
      }
    }
  }
`);
