import type { PublishablePlatform } from '@brandloom/proto-events';
import {
  commandHandler,
  describeError,
  type CommandMetadata,
  type EventStore,
  type Logger,
  type ProjectionRunner,
  type StoppableWork,
  type WorkReport,
} from '@brandloom/runtime';
import { isPlatformError, type Connectors, type PlatformCredentials, type PublishedPost } from '../connectors/index.js';
import { connectionDecider, connectionStream } from '../connections/connection.js';
import type { PlatformAccountsReadModel } from '../connections/platform-accounts-read-model.js';
import type { CredentialsSource } from '../credentials.js';
import { publishingCodec } from '../events.js';
import { platformLabels } from '../platforms.js';
import { quotaDecider, quotaStream } from '../quota/quota.js';
import {
  mustCheckFirst,
  publicationDecider,
  publicationStream,
  type AttemptFailure,
  type PublicationCommand,
  type PublicationRequest,
  type PublicationState,
  type RetryPolicy,
} from './publication.js';
import type { PublicationRow, PublicationsReadModel } from './publications-read-model.js';

export interface PublisherOptions {
  store: EventStore;
  readModels: ProjectionRunner;
  publications: PublicationsReadModel;
  accounts: PlatformAccountsReadModel;
  connectors: Connectors;
  credentials: CredentialsSource;
  now: () => Date;
  logger: Logger;
  retry: RetryPolicy;
  concurrency: number;
  pollIntervalMs: number;
}

/** How far before the first attempt the crash check looks (clocks differ; X lists by creation time). */
const LOOK_BACK_MS = 5 * 60_000;
/** A post whose handling threw unexpectedly waits this long before the next look. */
const COOL_DOWN_MS = 5_000;

export const SUSPENDED =
  'Your Brandloom account is suspended: nothing is published until an administrator reactivates it.';

/** A platform failure (or anything else a call threw) as publishing acts on it. */
export function attemptFailureOf(error: unknown, lookingFirst: boolean): AttemptFailure {
  if (!isPlatformError(error)) {
    // Not the platform's answer: whether the call went through is unknown.
    return { class: 'transient', reason: describeError(error), maybeDone: true };
  }
  const { failure } = error;
  switch (failure.kind) {
    case 'rate_limited':
      return {
        class: 'rate_limited',
        reason: failure.reason,
        retryAt: failure.retryAt?.toISOString() ?? null,
        maybeDone: lookingFirst,
      };
    case 'auth':
      return { class: 'disconnected', reason: failure.reason };
    case 'invalid':
      // Refusing a look is not refusing the post: the look is simply not answered.
      return lookingFirst
        ? { class: 'transient', reason: failure.reason, maybeDone: true }
        : { class: 'invalid_content', reason: failure.reason };
    case 'transient':
      return { class: 'transient', reason: failure.reason, maybeDone: lookingFirst || failure.maybeDone };
  }
}

/**
 * The durable publisher: takes due posts from the publications read model (rebuilt from the
 * store, so a restart loses none and a retry waits for its recorded time, not a timer in memory)
 * and publishes them with a small pool of workers, one post at a time per account so each
 * account's posts keep their order and its rate limits are met one by one.
 *
 * Each attempt is recorded before the platform is called and its outcome after; an attempt with
 * no outcome (this process died mid-call) or a call that may have gone through is settled by
 * looking for the post on the platform before any new call.
 */
export class Publisher implements StoppableWork {
  private readonly publicationHandler;
  private readonly connectionHandler;
  private readonly quotaHandler;
  private readonly inFlight = new Set<string>();
  private readonly busyAccounts = new Set<string>();
  private readonly coolingUntil = new Map<string, number>();
  private readonly working = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopListening: () => void = () => {};
  private stopped = false;
  private lastProblem: string | null = null;
  private published = 0;

  constructor(private readonly options: PublisherOptions) {
    const { store } = options;
    this.publicationHandler = commandHandler({ store, codec: publishingCodec, decider: publicationDecider });
    this.connectionHandler = commandHandler({ store, codec: publishingCodec, decider: connectionDecider });
    this.quotaHandler = commandHandler({ store, codec: publishingCodec, decider: quotaDecider });
  }

  start(): this {
    // A new request is taken at once (after its read-model transaction), not at the next poll.
    this.stopListening = this.options.publications.onRequested(() => setImmediate(() => this.fill()));
    this.timer = setInterval(() => this.fill(), this.options.pollIntervalMs);
    this.timer.unref();
    this.fill();
    return this;
  }

  /** Hands due posts to free workers. */
  fill(): void {
    if (this.stopped) return;
    const free = () => this.options.concurrency - this.inFlight.size;
    if (free() <= 0) return;
    let due: PublicationRow[];
    try {
      due = this.options.publications.due(
        this.options.now().toISOString(),
        this.options.concurrency * 8 + this.inFlight.size,
      );
    } catch (error) {
      this.lastProblem = describeError(error);
      return;
    }
    const nowMs = Date.now();
    for (const row of due) {
      if (free() <= 0) return;
      const account = `${row.user_id}:${row.platform}`;
      if (this.inFlight.has(row.post_id) || this.busyAccounts.has(account)) continue;
      if ((this.coolingUntil.get(row.post_id) ?? 0) > nowMs) continue;
      this.inFlight.add(row.post_id);
      this.busyAccounts.add(account);
      const work = this.publish(row.post_id)
        .then(() => {
          this.lastProblem = null;
        })
        .catch((error: unknown) => {
          this.lastProblem = `post ${row.post_id}: ${describeError(error)}`;
          this.coolingUntil.set(row.post_id, Date.now() + COOL_DOWN_MS);
          this.options.logger.warn('publishing a post failed; it is looked at again shortly', {
            postId: row.post_id,
            error,
          });
        })
        .finally(() => {
          this.inFlight.delete(row.post_id);
          this.busyAccounts.delete(account);
          this.working.delete(work);
          this.fill();
        });
      this.working.add(work);
    }
  }

  report(): WorkReport {
    const name = 'publishing/publisher';
    if (this.lastProblem) return { name, status: 'retrying', detail: this.lastProblem };
    return { name, status: this.timer ? 'running' : 'stopped', detail: `${this.published} published since start` };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.working]);
  }

  private async publish(postId: string): Promise<void> {
    const stream = publicationStream(postId);
    const state = await this.publicationHandler.load(stream);
    if (state.status !== 'queued' && state.status !== 'attempting') return;
    const { request } = state;
    const { accounts, connectors, retry } = this.options;
    const label = platformLabels[request.platform];
    const record = (command: PublicationCommand) => this.record(stream, request, command);
    const fail = (failure: AttemptFailure) => record({ type: 'RecordFailure', failure, policy: retry, at: this.at() });

    if (accounts.isSuspended(request.userId)) return fail({ class: 'disconnected', reason: SUSPENDED });
    const connection = accounts.connection(request.userId, request.platform);
    const savedSinceDisconnection =
      connection.credentialsChangedAt !== null &&
      connection.changedAt !== null &&
      connection.credentialsChangedAt > connection.changedAt;
    if (connection.connected === false && !savedSinceDisconnection) {
      // No call, so no storm: the owner was told once when the platform refused the token.
      return fail({
        class: 'disconnected',
        reason: `${label} is disconnected: ${connection.reason ?? 'reconnect it in API Settings.'}`,
      });
    }

    let credentials: PlatformCredentials | null;
    try {
      credentials = await this.options.credentials(request.userId, request.platform, `publish-${postId}`);
    } catch (error) {
      return fail({
        class: 'transient',
        reason: `Could not read the saved ${label} credentials: ${describeError(error)}`,
        maybeDone: mustCheckFirst(state),
      });
    }
    if (!credentials) {
      return fail({ class: 'disconnected', reason: `No ${label} credentials are saved: add them in API Settings.` });
    }

    const connector = connectors[request.platform];
    let checkedAbsent = false;
    if (mustCheckFirst(state)) {
      const since = new Date(new Date(firstCallOf(state) ?? request.dueAt).getTime() - LOOK_BACK_MS);
      let found: PublishedPost | null;
      try {
        found = await connector.findPublished(credentials, request.content, since);
      } catch (error) {
        return this.failed(stream, request, attemptFailureOf(error, true));
      }
      if (found) return this.recordPublished(stream, request, found, credentials);
      checkedAbsent = true;
    }

    const started = await this.publicationHandler.handle(
      stream,
      { type: 'StartAttempt', attempt: state.attempts + 1, checkedAbsent, at: this.at() },
      this.metadata(request),
    );
    if (started.newEvents.length === 0) return; // another worker took this attempt
    let published: PublishedPost;
    try {
      published = await connector.publish(credentials, request.content);
    } catch (error) {
      return this.failed(stream, request, attemptFailureOf(error, false));
    }
    return this.recordPublished(stream, request, published, credentials);
  }

  private async failed(stream: string, request: PublicationRequest, failure: AttemptFailure): Promise<void> {
    await this.record(stream, request, { type: 'RecordFailure', failure, policy: this.options.retry, at: this.at() });
    if (failure.class === 'disconnected') {
      await this.settle(
        await this.connectionHandler.handle(
          connectionStream(request.userId, request.platform),
          {
            type: 'RecordAuthFailure',
            userId: request.userId,
            platform: request.platform,
            reason: failure.reason,
            at: this.at(),
          },
          this.metadata(request),
        ),
      );
    }
  }

  private async recordPublished(
    stream: string,
    request: PublicationRequest,
    published: PublishedPost,
    credentials: PlatformCredentials,
  ): Promise<void> {
    await this.record(stream, request, { type: 'RecordPublished', ...published, at: this.at() });
    this.published += 1;
    const { userId, platform } = request;
    await this.settle(
      await this.connectionHandler.handle(
        connectionStream(userId, platform),
        { type: 'RecordPublished', userId, platform, at: this.at() },
        this.metadata(request),
      ),
    );
    await this.observeQuota(request, platform, credentials);
  }

  /** Keeps the platform's own quota (Instagram reports one) for the warnings at scheduling time. */
  private async observeQuota(
    request: PublicationRequest,
    platform: PublishablePlatform,
    credentials: PlatformCredentials,
  ) {
    try {
      const quota = await this.options.connectors[platform].fetchQuota(credentials);
      if (!quota) return;
      await this.quotaHandler.handle(
        quotaStream(request.userId, platform),
        { type: 'ObserveQuota', data: { userId: request.userId, platform, ...quota, at: this.at() } },
        this.metadata(request),
      );
    } catch (error) {
      // The post is out; a quota we could not read is read again after the next one.
      this.options.logger.info('could not read the platform quota', { platform, error });
    }
  }

  private async record(stream: string, request: PublicationRequest, command: PublicationCommand): Promise<void> {
    await this.settle(await this.publicationHandler.handle(stream, command, this.metadata(request)));
  }

  /** Waits for the read models to show the outcome, so the post is not picked again from a stale row. */
  private async settle({ position }: { position: number | null }): Promise<void> {
    if (position !== null) await this.options.readModels.waitFor(position);
  }

  private at(): string {
    return this.options.now().toISOString();
  }

  private metadata(request: PublicationRequest): CommandMetadata {
    return { tenantId: request.userId, correlationId: `publish-${request.postId}`, occurredAt: this.at() };
  }
}

const firstCallOf = (state: PublicationState): string | null =>
  state.status === 'queued' || state.status === 'attempting' ? state.firstAttemptAt : null;
