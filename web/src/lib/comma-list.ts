/** Comma-separated text as a list of trimmed, non-empty entries (topics, hashtags). */
export const commaList = (text: string): string[] =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
