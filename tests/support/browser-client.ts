/**
 * A fetch client that behaves like a browser towards one site: it keeps the cookies the site
 * sets and sends its Origin on requests that change state.
 */
export class SiteClient {
  private readonly cookies = new Map<string, string>();
  lastSetCookie: string | null = null;

  constructor(readonly origin: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(new URL(path, this.origin), {
      method,
      redirect: 'manual',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: this.origin }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    this.keepCookies(response);
    return response;
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body: unknown = {}, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers);

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  private keepCookies(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      this.lastSetCookie = header;
      const [pair] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (!value || /max-age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

let counter = 0;
/** A fresh, unique email address for a test account. */
export const uniqueEmail = (label = 'owner') => `${label}.${Date.now()}.${counter++}@shop.test`;

/** The user object the account endpoints answer with. */
export interface UserBody {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isActive: boolean;
  createdAt: string;
  lastActiveAt: string | null;
  subscriptionTier: string | null;
  subscriptionStatus: string | null;
  trialEndsAt: string;
  subscriptionEndsAt: string | null;
}

export const userOf = async (response: Response): Promise<UserBody> => (await response.json()) as UserBody;

/** A new owner, signed up through `POST /api/signup` as the sign-up form does, with the browser that holds their session. */
export async function signUpOwner(origin: string): Promise<{ browser: SiteClient; email: string }> {
  const browser = new SiteClient(origin);
  const email = uniqueEmail();
  const response = await browser.post('/api/signup', {
    firstName: 'Ana',
    lastName: 'Silva',
    email,
    password: 'secret1',
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return { browser, email };
}
