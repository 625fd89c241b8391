import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

// The server under test writes mail to DATA_DIR/mail (no SMTP_URL): read the reset link from the .txt.
export async function waitForResetLink(email: string, timeoutMs = 10_000): Promise<string> {
  const mailDir = path.join(inject('dataDir'), 'mail');
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir).filter((file) => file.includes(email) && file.endsWith('.txt'));
    } catch {
      // no mail yet
    }
    const newest = files.sort().at(-1);
    if (newest) {
      const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(
        readFileSync(path.join(mailDir, newest), 'utf8'),
      )?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail for ${email}`);
}
