import { ConfigError, loadConfig, type Config } from '../../config.js';
import { fail, ok, warn, type Finding } from './finding.js';
import { checkSignupMode } from './signup-check.js';

export type ConfigCheck = { config: Config; findings: Finding[] } | { findings: Finding[] };

/** Hosts where plain http is fine: nobody else can listen in on this machine's own traffic. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Parses the configuration as `npm start` does. ConfigError's lines already hide MAIL_SEAL_KEY and
 * the passwords in URLs, so they are shown as they are.
 */
export function checkConfig(env: Record<string, string | undefined>): ConfigCheck {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { findings: error.problems.map(describeProblem) };
  }
  return {
    config,
    findings: [
      ok('Configuration is valid'),
      checkPublicUrl(config, env),
      describeMetrics(config),
      ...checkSignupMode(config),
      ...checkTestsOnlySettings(config),
    ],
  };
}

function describeProblem(problem: string): Finding {
  const variable = /^Invalid ([A-Z0-9_]+)=/.exec(problem)?.[1];
  return fail(
    `Configuration: ${problem}`,
    variable
      ? `correct ${variable} in .env or in the service's environment (.env.example explains each variable), or remove it to use its default`
      : 'correct the setting in .env or in the service environment (.env.example explains each variable)',
  );
}

/** Said either way, so an operator learns the switch exists (README, "Health and metrics"). */
function describeMetrics(config: Config): Finding {
  return ok(
    config.METRICS_TOKEN
      ? 'Metrics: GET /metrics answers requests with "Authorization: Bearer $METRICS_TOKEN"'
      : 'Metrics: GET /metrics is off; set METRICS_TOKEN to turn it on (README, "Health and metrics")',
  );
}

function checkPublicUrl(config: Config, env: Record<string, string | undefined>): Finding {
  const example = 'PUBLIC_URL=https://contracts.example.com';
  if (!env.PUBLIC_URL) {
    return warn(
      `PUBLIC_URL is not set, so links in emails point to ${config.PUBLIC_URL}, which works on this machine only`,
      `set ${example} (the https address people open) in .env or in the service environment`,
    );
  }
  const url = new URL(config.PUBLIC_URL);
  if (!config.isHttps && !LOCAL_HOSTS.has(url.hostname)) {
    return warn(
      `PUBLIC_URL is ${config.PUBLIC_URL}: signing links, passwords and signatures would cross the network unencrypted`,
      `put an https proxy in front (README, "Running it on a server") and set PUBLIC_URL=https://${url.host}`,
    );
  }
  return ok(`Links in emails point to ${config.PUBLIC_URL}`);
}

/** Settings meant for the test suite, each a weakness on a server (README, Configuration). */
function checkTestsOnlySettings(
  config: Pick<Config, 'PASSWORD_HASH_LIGHT' | 'STRIPE_API_BASE'>,
): Finding[] {
  const findings: Finding[] = [];
  if (config.PASSWORD_HASH_LIGHT) {
    findings.push(
      warn(
        'PASSWORD_HASH_LIGHT=true: passwords are hashed at the lightest cost, far cheaper to crack from a copy of the database (a setting for tests)',
        'remove PASSWORD_HASH_LIGHT; each password is hashed again at full cost at its next sign-in',
      ),
    );
  }
  if (config.STRIPE_API_BASE) {
    findings.push(
      warn(
        `STRIPE_API_BASE=${config.STRIPE_API_BASE}: payments go to a stand-in, not to Stripe (a setting for tests)`,
        'remove STRIPE_API_BASE from .env or the service environment',
      ),
    );
  }
  return findings;
}
