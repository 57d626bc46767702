/**
 * NATS subject filters, shared by both adapters: `*` matches exactly one token, `>` one or more
 * trailing tokens.
 */

/**
 * True when every subject that `subject` stands for also matches `filter`. For a literal subject
 * this is plain matching; for a filter it is the "is a subset of" test JetStream applies to a
 * consumer's filter against its stream's subjects.
 */
export function filterCovers(filter: string, subject: string): boolean {
  const filterTokens = filter.split('.');
  const subjectTokens = subject.split('.');
  for (const [index, token] of filterTokens.entries()) {
    if (token === '>') return subjectTokens.length > index;
    const subjectToken = subjectTokens[index];
    if (subjectToken === undefined || subjectToken === '>') return false;
    if (token !== '*' && token !== subjectToken) return false;
  }
  return subjectTokens.length === filterTokens.length;
}

export function matchesAnyFilter(filters: readonly string[], subject: string): boolean {
  return filters.some((filter) => filterCovers(filter, subject));
}

/** A subject a message can be published on: non-empty tokens and no wildcards. */
export function isLiteralSubject(subject: string): boolean {
  return subject.split('.').every((token) => token !== '' && token !== '*' && token !== '>');
}

/**
 * The narrowest single filter covering all of `filters`: their shared leading tokens followed by
 * `>` (`events.a.>` and `events.b.c` give `events.>`). Identical filters give themselves.
 */
export function narrowestCommonFilter(filters: readonly string[]): string {
  const distinct = [...new Set(filters)];
  if (distinct.length === 1 && distinct[0] !== undefined) return distinct[0];
  const tokenLists = distinct.map((filter) => filter.split('.'));
  const [first = [], ...rest] = tokenLists;
  // `>` needs at least one token after the prefix, so the prefix stops short of the shortest filter.
  const maxShared = Math.min(...tokenLists.map((tokens) => tokens.length)) - 1;
  let shared = 0;
  while (shared < maxShared && rest.every((tokens) => tokens[shared] === first[shared])) shared++;
  return [...first.slice(0, shared), '>'].join('.');
}
