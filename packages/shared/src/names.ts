// The bank name check (issue 9, docs/decisions/016): does the name a bank resolved for an account belong to
// the person named on the profile? Banks write names upper case, surname first, with middle names and
// initials the profile may lack, so the comparison ignores order, case, accents, punctuation and initials.

// The words of a name: lower case, accents and punctuation dropped ("O'Neil" is one word, "oneil").
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

// True when every word of the shorter name is in the longer one, an initial standing for any word it
// starts (both ways), and at least two whole words agree (one when the shorter name has only one whole
// word). Extra words in the longer name (a middle name) do not count against it, but a one-word name
// matches only a one-word name.
export function namesMatch(first: string, second: string): boolean {
  const [shorter, longer] = [nameWords(first), nameWords(second)].sort((a, b) => a.length - b.length) as [
    string[],
    string[],
  ];
  if (shorter.length === 0 || (shorter.length === 1 && longer.length > 1)) return false;
  const unused = [...longer];
  const take = (matches: (word: string) => boolean) => {
    const index = unused.findIndex(matches);
    if (index === -1) return false;
    unused.splice(index, 1);
    return true;
  };
  const whole = shorter.filter((word) => word.length > 1);
  const initials = shorter.filter((word) => word.length === 1);
  let wholeMatches = 0;
  const unmatchedWhole: string[] = [];
  for (const word of whole) {
    if (take((candidate) => candidate === word)) wholeMatches += 1;
    else unmatchedWhole.push(word);
  }
  // A whole word of one name may be an initial in the other ("Chidi E. Okafor" and "Chidi Emeka Okafor").
  for (const word of unmatchedWhole) {
    if (!take((candidate) => candidate.length === 1 && word.startsWith(candidate))) return false;
  }
  for (const initial of initials) {
    if (!take((candidate) => candidate.startsWith(initial))) return false;
  }
  return wholeMatches >= Math.min(2, whole.length) && wholeMatches > 0;
}
