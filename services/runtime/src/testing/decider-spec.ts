import { deepStrictEqual, throws } from 'node:assert/strict';
import { fold, type Decider, type DomainEvent } from '../decider/decider.js';

/**
 * Decider tests that read as specifications:
 * `spec.given([UserSignedUp]).when(SignIn).then([SignedIn])`.
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(history: readonly Event[]) {
      return {
        when(command: Command) {
          const decide = () => decider.decide(command, fold(decider, history));
          return {
            then(expected: readonly Event[]): void {
              deepStrictEqual(decide(), expected);
            },
            thenNothingHappened(): void {
              deepStrictEqual(decide(), []);
            },
            thenThrows(matcher: RegExp | ((error: unknown) => boolean)): void {
              throws(decide, matcher as RegExp);
            },
          };
        },
      };
    },
  };
}
