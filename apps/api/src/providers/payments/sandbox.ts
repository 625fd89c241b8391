import { createHash } from 'node:crypto';
import { AccountNotFoundError, PaymentProviderError } from './errors';
import type { PaymentsProvider } from './index';
import { nigerianBanks } from './nigerian-banks';
import { isValidNuban } from './nuban';

// The sandbox payments adapter (DESIGN.md): no network, same semantics as Paystack. An account
// resolves only when its NUBAN check digit is right for the bank, so a mistyped number fails as it
// would at a real bank; the name is made up but stable (the same account always has the same name).
// Example accounts that resolve: GTBank (058) 0000000018, Access Bank (044) 0123456784, Kuda Bank (50211) 1000000009.

const firstNames = [
  'Adaeze', 'Adebayo', 'Aisha', 'Amaka', 'Babajide', 'Bola', 'Chiamaka', 'Chidi', 'Chinedu', 'Efosa',
  'Emeka', 'Fatima', 'Folake', 'Funmilayo', 'Halima', 'Ibrahim', 'Ifeoma', 'Kemi', 'Musa', 'Ngozi',
  'Nnamdi', 'Obinna', 'Olumide', 'Oluwaseun', 'Osaze', 'Segun', 'Tobi', 'Tunde', 'Uche', 'Yetunde',
  'Zainab', 'Eniola', 'Kelechi', 'Sadiq', 'Temitope',
] as const;

const surnames = [
  'Abubakar', 'Adeyemi', 'Afolabi', 'Akande', 'Aliyu', 'Balogun', 'Bello', 'Chukwu', 'Eze', 'Ibekwe',
  'Igwe', 'Lawal', 'Mohammed', 'Nwachukwu', 'Nwosu', 'Obi', 'Odukoya', 'Ogunleye', 'Okafor', 'Okonkwo',
  'Okoro', 'Olaniyan', 'Onyeka', 'Osagie', 'Oyelaran', 'Suleiman', 'Usman', 'Uzor', 'Yusuf', 'Idowu',
] as const;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

// A stable made-up name, upper-case as banks return it.
export function sandboxAccountName(bankCode: string, accountNumber: string): string {
  const hash = digest(`account-name:${bankCode}:${accountNumber}`);
  const pick = <T>(list: readonly T[], byte: number) => list[hash.readUInt16BE(byte) % list.length] as T;
  return [pick(firstNames, 0), pick(firstNames, 2), pick(surnames, 4)].join(' ').toUpperCase();
}

function bankExists(bankCode: string): boolean {
  return nigerianBanks.some((bank) => bank.code === bankCode);
}

export function createSandboxPayments(): PaymentsProvider {
  return {
    kind: 'sandbox',
    listBanks: () => Promise.resolve([...nigerianBanks]),
    resolveAccount({ accountNumber, bankCode }) {
      if (!bankExists(bankCode) || !isValidNuban(bankCode, accountNumber)) {
        return Promise.reject(new AccountNotFoundError());
      }
      return Promise.resolve({ accountName: sandboxAccountName(bankCode, accountNumber), accountNumber, bankCode });
    },
    createSubaccount({ bankCode, accountNumber }) {
      if (!bankExists(bankCode) || !isValidNuban(bankCode, accountNumber)) {
        return Promise.reject(new PaymentProviderError('sandbox: invalid settlement account'));
      }
      const code = digest(`subaccount:${bankCode}:${accountNumber}`).toString('hex').slice(0, 14);
      return Promise.resolve({ subaccountCode: `ACCT_sandbox_${code}` });
    },
    updateSubaccount(_subaccountCode, { bankCode, accountNumber }) {
      if (!bankExists(bankCode) || !isValidNuban(bankCode, accountNumber)) {
        return Promise.reject(new PaymentProviderError('sandbox: invalid settlement account'));
      }
      return Promise.resolve();
    },
  };
}
