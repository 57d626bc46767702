import { publishablePlatforms, type PublishablePlatform } from '@brandloom/proto-events';
import { DomainError, type Decider } from '@brandloom/runtime';
import { z } from 'zod';
import { AUTO_POSTING_NEEDS_PLAN } from '../accounts/plan-gate.js';
import type { SchedulingEventOf } from '../events.js';
import { scheduleTimezones } from '../schedule/schedule-settings.js';

export const autoPostingStream = (userId: string): string => `autoposting-${userId}`;

export const autoPostingFrequencies = ['hourly', 'daily', 'weekly'] as const;

export interface AutoPostingSettings {
  enabled: boolean;
  requireApproval: boolean;
  platforms: Record<PublishablePlatform, boolean>;
  schedule: { frequency: (typeof autoPostingFrequencies)[number]; times: string[]; timezone: string };
}

/** What an owner who never saved sees (spec §3). */
export const defaultAutoPostingSettings: AutoPostingSettings = {
  enabled: false,
  requireApproval: true,
  platforms: { twitter: false, instagram: false, facebook: false },
  schedule: { frequency: 'daily', times: ['09:00', '12:00', '18:00'], timezone: 'UTC' },
};

const flag = (name: string, fallback: boolean) =>
  z
    .boolean({ error: `${name} must be true or false` })
    .nullish()
    .transform((value) => value ?? fallback);

/** The Settings tab's rules (spec §5): booleans, three platform switches, a known frequency. */
export const autoPostingSettingsInputSchema = z.object({
  enabled: flag('enabled', false),
  requireApproval: flag('requireApproval', true),
  platforms: z
    .object(
      Object.fromEntries(publishablePlatforms.map((platform) => [platform, flag(`platforms.${platform}`, false)])) as {
        [Platform in PublishablePlatform]: ReturnType<typeof flag>;
      },
      { error: 'platforms must be an object with twitter, instagram and facebook switches' },
    )
    .nullish()
    .transform((platforms) => platforms ?? defaultAutoPostingSettings.platforms),
  schedule: z
    .object(
      {
        frequency: z
          .enum(autoPostingFrequencies, { error: 'schedule.frequency must be hourly, daily or weekly' })
          .nullish()
          .transform((value) => value ?? 'daily'),
        times: z
          .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'schedule.times must be times like 09:00'))
          .max(24, 'At most 24 times')
          .nullish()
          .transform((times) => (times ? [...new Set(times)].sort() : defaultAutoPostingSettings.schedule.times)),
        timezone: z
          .enum(scheduleTimezones, { error: `schedule.timezone must be one of ${scheduleTimezones.join(', ')}` })
          .nullish()
          .transform((value) => value ?? 'UTC'),
      },
      { error: 'schedule must be an object with frequency, times and timezone' },
    )
    .nullish()
    .transform((schedule) => schedule ?? defaultAutoPostingSettings.schedule),
});

export function parseAutoPostingSettings(input: unknown): AutoPostingSettings {
  const parsed = autoPostingSettingsInputSchema.safeParse(input);
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message, 'BAD_USER_INPUT');
  return parsed.data as AutoPostingSettings;
}

export type AutoPostingCommand = {
  type: 'SaveAutoPostingSettings';
  userId: string;
  settings: AutoPostingSettings;
  /** From the owner's plan when the command was made. */
  mayAutoPost: boolean;
  at: string;
};
type AutoPostingEvent = SchedulingEventOf<'scheduling.AutoPostingSettingsSaved'>;

/** An owner's auto-posting switches: Professional and above only; saving the same again records nothing. */
export const autoPostingDecider: Decider<AutoPostingCommand, AutoPostingEvent, AutoPostingSettings | null> = {
  initialState: () => null,
  decide(command, state) {
    if (!command.mayAutoPost) throw new DomainError(AUTO_POSTING_NEEDS_PLAN, 'FORBIDDEN');
    if (state && JSON.stringify(state) === JSON.stringify(command.settings)) return [];
    return [
      {
        type: 'scheduling.AutoPostingSettingsSaved',
        data: { userId: command.userId, settings: command.settings, at: command.at },
      },
    ];
  },
  evolve: (_, event) => event.data.settings,
};
