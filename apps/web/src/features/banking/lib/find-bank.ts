import { BANK_ALIASES, bankNameKey } from '@marketplace/shared/banks';
import type { Bank } from '@marketplace/shared/schemas/banking';

const MAX_BANK_SUGGESTIONS = 10;

// A name as it is matched: no case, spaces or punctuation ('GT Bank', 'gtbank' and 'G.T. Bank' are alike).
function matchKey(name: string): string {
  return bankNameKey(name).replace(/[^\p{L}\p{N}]/gu, '');
}

// The bank's registered name and the names people use for it (BANK_ALIASES, by its code).
function namesOf(bank: Bank): string[] {
  return [bank.name, ...(BANK_ALIASES[bank.code] ?? [])].map(matchKey);
}

// The banks whose name (or a name people use for it: 'gt', 'uba', 'opay') starts with what was typed
// first, then those whose name contains it.
export function suggestBanks(banks: readonly Bank[], typed: string): Bank[] {
  const query = matchKey(typed);
  if (!query) return [];
  const starting = banks.filter((bank) => namesOf(bank).some((name) => name.startsWith(query)));
  const containing = banks.filter(
    (bank) => !starting.includes(bank) && namesOf(bank).some((name) => name.includes(query)),
  );
  return [...starting, ...containing].slice(0, MAX_BANK_SUGGESTIONS);
}
