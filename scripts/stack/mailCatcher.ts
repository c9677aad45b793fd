import path from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import type { StackPart } from './part';

/**
 * MailDev closes an idle kept-alive connection on its own clock (Node's 5 s), which a poll of its inbox on a busy
 * machine can meet just as it sends ("other side closed"): its inbox is read on a fresh connection each time.
 */
const freshConnections = new Agent({ pipelining: 0 });

/** Every email the mail catcher at `mailUrl` (its web address) has caught so far, as its REST API lists them. */
export async function caughtMailsAt<Mail>(mailUrl: string): Promise<Mail[]> {
  const response = await undiciFetch(`${mailUrl}/email`, { dispatcher: freshConnections });
  if (!response.ok) throw new Error(`The mail catcher answered ${response.status}`);
  return (await response.json()) as Mail[];
}

export interface MailCatcherOptions {
  projectRoot: string;
  host: string;
  smtpPort: number;
  webPort: number;
  /** Where caught mail is kept across restarts; null keeps it in memory (tests). */
  mailDir: string | null;
  env: NodeJS.ProcessEnv;
}

/**
 * MailDev (from npm): an SMTP server that keeps every email it is sent, with a web inbox and a REST API
 * (GET /email), on 127.0.0.1 only. The store sends its receipts and refund notices here locally.
 */
export function mailCatcher(options: MailCatcherOptions): StackPart {
  const { host, smtpPort, webPort, mailDir } = options;
  const maildev = path.join(path.dirname(require.resolve('maildev/package.json', { paths: [options.projectRoot] })), 'bin', 'maildev');
  return {
    name: 'Mail catcher',
    host,
    port: webPort,
    portSetting: 'MAIL_CATCHER_WEB_PORT',
    otherPorts: [{ port: smtpPort, portSetting: 'MAIL_CATCHER_SMTP_PORT' }],
    process: () => ({
      command: process.execPath,
      args: [
        maildev,
        '--smtp',
        String(smtpPort),
        '--web',
        String(webPort),
        '--ip',
        host,
        '--web-ip',
        host,
        ...(mailDir ? ['--mail-directory', mailDir] : []),
      ],
      cwd: options.projectRoot,
      env: options.env,
    }),
    readyUrl: `http://${host}:${webPort}/healthz`,
    readyTimeoutMs: 30_000,
    stopSignal: 'SIGTERM',
  };
}
