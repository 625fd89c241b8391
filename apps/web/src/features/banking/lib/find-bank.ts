import { bankNameKey } from '@marketplace/shared/banks';
import type { Bank } from '@marketplace/shared/schemas/banking';

const MAX_BANK_SUGGESTIONS = 10;

// The banks whose name contains what was typed, those starting with it first.
export function suggestBanks(banks: readonly Bank[], typed: string): Bank[] {
  const query = bankNameKey(typed);
  if (!query) return [];
  const starting = banks.filter((bank) => bankNameKey(bank.name).startsWith(query));
  const containing = banks.filter(
    (bank) => !bankNameKey(bank.name).startsWith(query) && bankNameKey(bank.name).includes(query),
  );
  return [...starting, ...containing].slice(0, MAX_BANK_SUGGESTIONS);
}
