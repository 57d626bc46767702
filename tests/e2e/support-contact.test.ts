import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteClient } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { FakeSmtpServer } from '../fakes/smtp-server.js';

const message = {
  name: 'Ana Silva',
  email: 'ana@shop.test',
  subject: 'Cannot connect Instagram',
  category: 'technical',
  message: 'The connection test fails every time I try.',
};

describe('POST /api/support/contact without SMTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.dispose());

  it('stores the message and answers fallback: true, so the browser opens a mail draft', async () => {
    const response = await new SiteClient(server.url).post('/api/support/contact', message);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, fallback: true, supportEmail: 'support@brandloom.app' });
  });

  it('answers each invalid field with the form’s own message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A' }, 'Name must be at least 2 characters'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ subject: 'Hey' }, 'Subject must be at least 5 characters'],
      [{ category: 'sales' }, 'Please select a category'],
      [{ category: undefined }, 'Please select a category'],
      [{ message: 'Too short' }, 'Message must be at least 10 characters'],
    ];
    for (const [change, expected] of cases) {
      const response = await new SiteClient(server.url).post('/api/support/contact', { ...message, ...change });
      expect(response.status, expected).toBe(400);
      expect(await response.json()).toEqual({ message: expected });
    }
  });
});

describe('POST /api/support/contact with SMTP_URL', () => {
  let smtp: FakeSmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await new FakeSmtpServer().start();
    server = await startTestServer({ SMTP_URL: smtp.url, SUPPORT_EMAIL: 'help@brandloom.test' });
  });
  afterAll(async () => {
    await server?.dispose();
    await smtp?.stop();
  });

  it('mails the message to support over SMTP and answers fallback: false', async () => {
    const response = await new SiteClient(server.url).post('/api/support/contact', message);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, fallback: false });
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1));
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual(['help@brandloom.test']);
    expect(mail!.data).toContain('Subject: [technical] Cannot connect Instagram');
    expect(mail!.data).toContain('Reply-To: Ana Silva <ana@shop.test>');
    expect(mail!.data).toContain('The connection test fails every time I try.');
  });
});
