import { createTransport, type Transporter } from 'nodemailer';
import { z } from 'zod';
import {
  commandHandler,
  DomainError,
  type Caller,
  type Decider,
  type EventStore,
  type Logger,
} from '@brandloom/runtime';
import { identityCodec, type IdentityEventOf } from '../events.js';

export interface SupportSettings {
  /** smtp://user:pass@host:port; null sends nothing and tells the browser to open a mail draft. */
  smtpUrl: string | null;
  /** Where support messages go, and the address the browser's draft is addressed to. */
  supportEmail: string;
  from: string;
}

/** The contact form (spec §5), with its own messages. */
export const supportMessageSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  subject: z.string().trim().min(5, 'Subject must be at least 5 characters'),
  category: z.enum(['technical', 'billing', 'feature', 'general'], 'Please select a category'),
  message: z.string().trim().min(10, 'Message must be at least 10 characters'),
});

type Received = IdentityEventOf<'identity.SupportMessageReceived'>;
type ReceiveMessage = { type: 'ReceiveMessage'; data: Received['data'] };

/** A support message is recorded once, whatever happens to the mail after. */
const supportMessageDecider: Decider<ReceiveMessage, Received, { received: boolean }> = {
  initialState: () => ({ received: false }),
  decide: (command, state) => (state.received ? [] : [{ type: 'identity.SupportMessageReceived', data: command.data }]),
  evolve: () => ({ received: true }),
};

/** Support messages: stored as an event, then mailed when SMTP is configured. */
export function supportDesk(deps: { store: EventStore; now: () => Date; logger: Logger; settings: SupportSettings }) {
  const messages = commandHandler({ store: deps.store, codec: identityCodec, decider: supportMessageDecider });
  const mailer: Transporter | null = deps.settings.smtpUrl ? createTransport(deps.settings.smtpUrl) : null;

  return {
    /** `fallback: true` tells the browser to open a pre-filled mail draft instead (spec §8). */
    async contact(raw: unknown, caller: Caller): Promise<{ success: true; fallback: boolean; supportEmail: string }> {
      const given = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
      const parsed = supportMessageSchema.safeParse({
        name: given['name'] ?? '',
        email: given['email'] ?? '',
        subject: given['subject'] ?? '',
        category: given['category'] ?? '',
        message: given['message'] ?? '',
      });
      if (!parsed.success)
        throw new DomainError(parsed.error.issues[0]?.message ?? 'Invalid message', 'BAD_USER_INPUT');
      const message = parsed.data;
      const at = deps.now().toISOString();
      const messageId = crypto.randomUUID();
      await messages.handle(
        `support-${messageId}`,
        { type: 'ReceiveMessage', data: { messageId, userId: caller.userId, ...message, at } },
        { tenantId: caller.userId, correlationId: caller.requestId, occurredAt: at },
      );
      const { supportEmail } = deps.settings;
      if (!mailer) return { success: true, fallback: true, supportEmail };
      try {
        await mailer.sendMail({
          from: deps.settings.from,
          to: supportEmail,
          replyTo: `${message.name} <${message.email}>`,
          subject: `[${message.category}] ${message.subject}`,
          text: `${message.message}\n\n-- ${message.name} <${message.email}>${caller.userId ? ` (user ${caller.userId})` : ''}`,
        });
        return { success: true, fallback: false, supportEmail };
      } catch (error) {
        // The message is stored; the sender is offered a mail draft rather than an error.
        deps.logger.error('support mail could not be sent', { error, messageId });
        return { success: true, fallback: true, supportEmail };
      }
    },
    close: () => mailer?.close(),
  };
}

export type SupportDesk = ReturnType<typeof supportDesk>;
