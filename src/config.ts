import { z } from 'zod';

/** Debian's Chromium: the app prints with it, and the tests and benchmarks drive it. */
export const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The one place that reads process.env (docs/architecture.md).
 * Every variable has an embedded default so `npm start` works on a fresh machine.
 */
const port = z.coerce.number().int().min(1).max(65535);

const milliseconds = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const httpUrl = z.url({ protocol: /^https?$/i, error: 'must be an http(s) URL' });

/** An origin only (scheme, host, port): links are built by appending paths to it. */
const originUrl = httpUrl.pipe(
  z
    .string()
    .refine((value) => {
      const url = new URL(value);
      return url.pathname === '/' && !url.search && !url.hash && !url.username;
    }, 'must be scheme, host and optional port only, like https://contracts.example.com')
    .transform((value) => new URL(value).origin),
);

/** PostgreSQL for several instances (issue 18); unset means the SQLite file in DATA_DIR. */
const postgresUrl = z
  .url({
    protocol: /^postgres(ql)?$/,
    error: 'must be a URL like postgres://user:password@host:5432/database',
  })
  .refine((value) => !URL.canParse(value) || new URL(value).hostname !== '', 'must name a host');

/** Variables that are secrets through and through: an error never shows their value. */
const SECRETS = new Set(['MAIL_SEAL_KEY', 'METRICS_TOKEN', 'SEAL_P12_PASSPHRASE']);

/** Variables whose values may hold a password: an error shows them without it. */
const URLS_WITH_SECRETS = new Set(['DATABASE_URL', 'SMTP_URL', 'TSA_URL']);

/** `scheme://user:***@host...`: the value as typed, with any password masked. */
export function maskUrlPassword(value: string): string {
  const start = value.indexOf('://');
  const end = value.lastIndexOf('@');
  if (start < 0 || end < start) return value;
  const userInfo = value.slice(start + 3, end);
  const colon = userInfo.indexOf(':');
  if (colon < 0) return value;
  return `${value.slice(0, start + 3)}${userInfo.slice(0, colon)}:***${value.slice(end)}`;
}

const configSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: originUrl.optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  // Connections each instance keeps to PostgreSQL; the server's max_connections bounds the sum.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // The key that seals queued mail bodies, shared by every instance (docs/decisions/017, 023).
  MAIL_SEAL_KEY: z
    .string()
    .trim()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 random bytes in base64, e.g. the output of `openssl rand -base64 32`',
    )
    .optional(),
  // Proxies whose X-Forwarded-For is believed: addresses or CIDR ranges, comma-separated. A load
  // balancer on another machine (several instances) must be listed, or every visitor would count
  // as the balancer's address for the per-address limits.
  TRUSTED_PROXIES: z
    .string()
    .trim()
    .min(1)
    .transform((value) => value.split(',').map((part) => part.trim()))
    .superRefine((entries, context) => {
      const address = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
      const wrong = entries.filter((entry) => !address.safeParse(entry).success);
      if (wrong.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `each entry must be an IP address or a CIDR range like 10.0.0.0/8, not ${wrong.map((entry) => JSON.stringify(entry)).join(', ')}`,
        });
      }
    })
    .default(['127.0.0.1', '::1']),
  // How long a claimed mail or PDF job is one instance's alone (docs/decisions/023).
  WORK_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(180),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().trim().min(3).default('Contracts <no-reply@localhost>'),
  OLLAMA_HOST: httpUrl
    .transform((value) => value.replace(/\/+$/, ''))
    .default('http://127.0.0.1:11434'),
  OLLAMA_MODEL: z.string().trim().min(1).default('qwen2.5:3b-instruct'),
  OLLAMA_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  SIGNING_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  CHROMIUM_PATH: z.string().trim().min(1).default(DEBIAN_CHROMIUM_PATH),
  // Pages Chromium prints at once; unset, one per core and one more, at most four, and one per
  // 512 MB of memory (src/features/documents/print-pages.ts).
  PDF_CONCURRENCY: z.coerce.number().int().min(1).max(16).optional(),
  // Deadlines and limits for hostile or broken clients (issue 15; README, "Running it on a server").
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(500, 600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(1_000, 3_600_000).default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(100, 600_000).default(5_000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(500),
  SHUTDOWN_DRAIN_MS: milliseconds(0, 30_000).default(1_000),
  // Turns on GET /metrics (Prometheus) for requests bearing it; unset, /metrics answers 404.
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters, e.g. the output of `openssl rand -hex 32`')
    .optional(),
  // Webhook deliveries in flight at once in this process (one per endpoint, accounts in turn),
  // and how long a try may take to connect (docs/decisions/040).
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  WEBHOOK_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(15).default(5),
  // Who may make an account (issue 34, docs/decisions/043): `invite`, the first account of an
  // empty install only (the person installing it); `open`, anyone, each new company verifying
  // its email before its first send; `closed`, nobody (`tradesign create-owner` makes the first).
  SIGNUP_MODE: z
    .enum(['invite', 'open', 'closed'], { error: 'must be invite, open or closed' })
    .default('invite'),
  // Tests only: an open sign-up starts with its email verified, so the tests' many accounts can
  // send without following a link. Never on a public server: anyone could mail homeowners from
  // an address they do not own.
  SIGNUP_EMAILS_VERIFIED: z.stringbool({ error: 'must be true or false' }).default(false),
  // Tests only: webhooks may go to loopback and private addresses, and over plain http://. Off,
  // a webhook URL can never reach this machine or its network (docs/decisions/025).
  WEBHOOKS_ALLOW_PRIVATE: z.stringbool({ error: 'must be true or false' }).default(false),
  // Tests only: passwords are hashed with argon2id at its lightest (1 MiB, 1 pass) instead of
  // OWASP's profile, so a suite of thousands of sign-ups spends its time on what it tests. Never
  // on a server: a copy of the database would be far cheaper to crack (docs/decisions/047).
  PASSWORD_HASH_LIGHT: z.stringbool({ error: 'must be true or false' }).default(false),
  // The company's own document-signing certificate, a PKCS#12 file with its chain, and its
  // passphrase (in the variable or in a file); unset, copies are sealed with the certificate the
  // app made for itself (issue 39, docs/decisions/051).
  SEAL_P12_PATH: z.string().trim().min(1).optional(),
  SEAL_P12_PASSPHRASE: z.string().optional(),
  SEAL_P12_PASSPHRASE_FILE: z.string().trim().min(1).optional(),
  // An RFC 3161 timestamp authority whose time every seal carries, and how long it may take.
  TSA_URL: httpUrl.optional(),
  // At most 30 s: a copy may ask three times (pages, seal, a seal with more room) within its
  // job's lease (WORK_LEASE_SECONDS, 180 s by default).
  TSA_TIMEOUT_MS: milliseconds(100, 30_000).default(10_000),
  // Tests only: where the Stripe library sends its requests (a stand-in on 127.0.0.1, e.g.
  // http://127.0.0.1:4010). Unset, it talks to Stripe (issue 36, docs/decisions/046).
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
});

export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** True when PUBLIC_URL is https: cookies get Secure and the __Host- prefix, HSTS is sent. */
  isHttps: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Parses configuration; throws ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty value means "not set", as in a .env file with `SMTP_URL=`.
  const present = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'configuration');
      const value = present[name] ?? '';
      const shown = SECRETS.has(name)
        ? '(hidden)'
        : URLS_WITH_SECRETS.has(name)
          ? maskUrlPassword(value)
          : value;
      return `Invalid ${name}=${JSON.stringify(shown)}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const values = parsed.data;
  if (values.HTTP_HEADERS_TIMEOUT_MS > values.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError([
      `Invalid HTTP_HEADERS_TIMEOUT_MS=${values.HTTP_HEADERS_TIMEOUT_MS}: must not be longer than HTTP_REQUEST_TIMEOUT_MS (${values.HTTP_REQUEST_TIMEOUT_MS})`,
    ]);
  }
  const sealProblem = sealSettingsProblem(values);
  if (sealProblem) throw new ConfigError([sealProblem]);
  const publicUrl = values.PUBLIC_URL ?? `http://localhost:${values.PORT}`;
  return { ...values, PUBLIC_URL: publicUrl, isHttps: new URL(publicUrl).protocol === 'https:' };
}

/** A certificate file needs its passphrase from exactly one place; a passphrase needs a file. */
function sealSettingsProblem(values: z.infer<typeof configSchema>): string | undefined {
  const sources = [values.SEAL_P12_PASSPHRASE, values.SEAL_P12_PASSPHRASE_FILE].filter(
    (value) => value !== undefined,
  ).length;
  if (values.SEAL_P12_PATH === undefined) {
    return sources > 0
      ? 'SEAL_P12_PASSPHRASE or SEAL_P12_PASSPHRASE_FILE is set without SEAL_P12_PATH: set the path of the .p12 file too, or remove it'
      : undefined;
  }
  if (sources === 0) {
    return `SEAL_P12_PATH=${JSON.stringify(values.SEAL_P12_PATH)} needs its passphrase: set SEAL_P12_PASSPHRASE or SEAL_P12_PASSPHRASE_FILE`;
  }
  if (sources === 2) {
    return 'SEAL_P12_PASSPHRASE and SEAL_P12_PASSPHRASE_FILE are both set: keep one';
  }
  return undefined;
}

/** Where a command was typed: npm runs scripts from the package folder and says in INIT_CWD where. */
export function commandFolder(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

/** The environment as it is, for `tradesign doctor`, which checks it rather than trusting it. */
export function rawEnvironment(): Record<string, string | undefined> {
  return process.env;
}
