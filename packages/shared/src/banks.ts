import type { Bank } from './schemas/banking';

// A bank's name as it is compared: case and spacing do not count.
export function bankNameKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, ' ').trim();
}

// The names people use for a bank, by its code (the bank list's names are the registered ones: 'Guaranty
// Trust Bank' is asked for as 'GTBank' or 'gt', 'United Bank For Africa' as 'UBA'). The bank combobox finds a
// bank by any of them (apps/web find-bank.ts).
export const BANK_ALIASES: Readonly<Record<string, readonly string[]>> = {
  '044': ['Access', 'Access Diamond', 'Diamond Bank'],
  '023': ['Citibank', 'Citi'],
  '050': ['Ecobank', 'Eco'],
  '070': ['Fidelity'],
  '011': ['First Bank', 'FBN', 'FirstBank'],
  '214': ['FCMB', 'First City Monument Bank'],
  '00103': ['Globus'],
  '058': ['GTBank', 'GTB', 'GT', 'GTCO', 'Guaranty Trust'],
  '030': ['Heritage'],
  '301': ['Jaiz'],
  '082': ['Keystone'],
  '50211': ['Kuda', 'Kuda MFB'],
  '50515': ['Moniepoint', 'Moniepoint MFB'],
  '999992': ['OPay', 'Paycom'],
  '999991': ['PalmPay', 'Palm Pay'],
  '076': ['Polaris', 'Skye Bank'],
  '101': ['Providus'],
  '221': ['Stanbic', 'Stanbic IBTC', 'IBTC'],
  '068': ['Standard Chartered', 'StanChart'],
  '232': ['Sterling'],
  '100': ['SunTrust'],
  '102': ['Titan Trust', 'Titan'],
  '032': ['Union Bank', 'Union', 'UBN'],
  '033': ['UBA', 'United Bank for Africa'],
  '215': ['Unity'],
  '035': ['Wema', 'ALAT', 'ALAT by Wema'],
  '057': ['Zenith'],
};

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
