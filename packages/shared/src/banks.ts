import type { Bank } from './schemas/banking';

// A bank's name as it is compared: case and spacing do not count.
export function bankNameKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, ' ').trim();
}

export function sameBankName(a: string, b: string): boolean {
  return bankNameKey(a) === bankNameKey(b);
}

// spec §5: the bank is chosen from the list. It is found by its code; a name sent with the code must be
// that bank's name. Only a name (a client that sends no code, or a name typed in full) is matched by the
// name.
export function findListedBank(
  banks: readonly Bank[],
  { bankCode, bankName }: { bankCode?: string; bankName?: string },
): Bank | null {
  if (bankCode) {
    return (
      banks.find((bank) => bank.code === bankCode && (!bankName || sameBankName(bank.name, bankName))) ?? null
    );
  }
  if (bankName) return banks.find((bank) => sameBankName(bank.name, bankName)) ?? null;
  return null;
}
