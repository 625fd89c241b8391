import type { Config } from '../../config';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

export type Mail = { to: string; subject: string; text: string; html?: string };

// The mail port (DESIGN.md): SMTP when SMTP_URL is set, otherwise an outbox of .eml files.
// `send` resolves to where the mail went (a message id, or the .eml file's path), for the log.
export type Mailer = { kind: 'smtp' | 'outbox'; send: (mail: Mail) => Promise<string> };

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer({ directory: `${config.dataDir}/mail`, from: config.mailFrom });
}
