import { contextOf } from './envelope.js';

/** The one JetStream stream that captures every integration event. */
export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECTS = 'events.>';

/** `identity.UserRegistered` → `events.identity.UserRegistered` */
export function subjectFor(eventType: string): string {
  const name = eventType.slice(eventType.indexOf('.') + 1);
  return `events.${contextOf(eventType)}.${name}`;
}

/** Every event a context publishes: `events.identity.>` */
export function subjectsOfContext(context: string): string {
  return `events.${context}.>`;
}
