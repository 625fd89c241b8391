import type { Bank } from '@marketplace/shared/schemas/banking';

const MAX_BANK_SUGGESTIONS = 10;

function normalize(name: string): string {
  return name.toLowerCase().replace(/\s+/g, ' ').trim();
}

// spec §5: the bank is chosen from the list. A picked bank is known by its code; a typed name counts
// when it is exactly a listed bank's name.
export function findListedBank(banks: readonly Bank[], bankName: string, bankCode: string): Bank | null {
  const name = normalize(bankName);
  if (bankCode) {
    const picked = banks.find((bank) => bank.code === bankCode && normalize(bank.name) === name);
    if (picked) return picked;
  }
  return banks.find((bank) => normalize(bank.name) === name) ?? null;
}

// The banks whose name contains what was typed, those starting with it first.
export function suggestBanks(banks: readonly Bank[], typed: string): Bank[] {
  const query = normalize(typed);
  if (!query) return [];
  const starting = banks.filter((bank) => normalize(bank.name).startsWith(query));
  const containing = banks.filter(
    (bank) => !normalize(bank.name).startsWith(query) && normalize(bank.name).includes(query),
  );
  return [...starting, ...containing].slice(0, MAX_BANK_SUGGESTIONS);
}
