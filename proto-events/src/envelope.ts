import { z } from 'zod';

/**
 * The envelope every integration event travels in, on the bus and in a consumer's inbox.
 * `position` is the event's global position in the store of the service that recorded it.
 */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z]+\.[A-Z][A-Za-z]+$/, 'type must look like "context.EventName"'),
  version: z.number().int().positive(),
  streamId: z.string().min(1),
  revision: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
  occurredAt: z.iso.datetime(),
  tenantId: z.string().nullable(),
  correlationId: z.string().min(1),
  causationId: z.string().nullable(),
  data: z.unknown(),
});

export type EventEnvelope<Data = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & {
  data: Data;
};

/** `identity.UserRegistered` → `identity` */
export function contextOf(type: string): string {
  const dot = type.indexOf('.');
  return dot < 0 ? type : type.slice(0, dot);
}
