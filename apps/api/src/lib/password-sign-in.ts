import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mail } from '../providers/mail/index';
import { checkSignInPassword, mayMailRecipient } from './attempt-limiter';
import { knownDevice, rememberDevice, type DeviceContext } from './device-cookies';
import { unauthorized } from './errors';
import { createSignInLinkMail } from './sign-in-links';

type Account = {
  id: string;
  email: string;
  fullName: string;
  passwordHash: string;
  language?: string | null;
};

// The one password sign-in of users and admins (decisions 009, 048): the limits per address, account and
// device, the mailed sign-in link once an account is under attack, and the device cookie of a success. The
// caller reads the account by the e-mail (undefined when there is none) and starts its own session.
export async function signInWithPassword<SignedIn extends Account>({
  db,
  config,
  kind,
  email,
  password,
  account,
  clientAddress,
  device,
  sendMail,
}: {
  db: Database;
  config: Config;
  kind: 'user' | 'admin';
  email: string;
  password: string;
  account: SignedIn | undefined;
  clientAddress: string;
  device: DeviceContext;
  sendMail: (mail: Mail) => void;
}): Promise<{ account: SignedIn; deviceCookie: string }> {
  const scope = kind === 'user' ? 'user-login' : 'admin-login';
  await checkSignInPassword({
    db,
    config,
    scope,
    email,
    password,
    clientAddress,
    account,
    deviceNonce: knownDevice(config, scope, device, account),
    async mailSignInLink() {
      if (!account || !(await mayMailRecipient(db, config, account.email))) return;
      const { id, email: to, fullName: name, language } = account;
      sendMail(await createSignInLinkMail({ db, config, account: { kind, id, email: to, name, language } }));
    },
  });
  if (!account) throw unauthorized('INVALID_CREDENTIALS');
  // The device cookie: this browser has signed in, so others' failures never lock it out (decision 048).
  return { account, deviceCookie: rememberDevice(config, scope, device, account) };
}
