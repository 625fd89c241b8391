// What a search text becomes: its words (at most 8), each with the other words people use for the same
// thing. Every word is matched as a prefix ("sams gala" finds "Samsung Galaxy"); a whole word from the
// synonym list also finds its synonyms ("phone" finds "handset" and "mobile") (docs/decisions/020).

// The one synonym list: each line is a group of words that mean the same thing to a buyer.
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['phone', 'handset', 'mobile', 'smartphone', 'cellphone'],
  ['shoe', 'sneaker', 'trainer', 'footwear'],
  ['tv', 'television'],
  ['laptop', 'computer', 'notebook'],
];

const MAX_WORDS = 8;

const groupOf = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS) for (const word of group) groupOf.set(word, group);

// A plural ("sneakers", "phones") is looked up by its singular too.
function synonymsOf(word: string): readonly string[] | undefined {
  return groupOf.get(word) ?? (word.endsWith('s') ? groupOf.get(word.slice(0, -1)) : undefined);
}

export type SearchTerms = {
  // The words as typed (lower case), for the misspelling fallback.
  typed: string[];
  // One entry per word: the word and its synonyms, any of which may match.
  words: string[][];
};

export function searchTerms(text: string): SearchTerms | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return {
    typed: words,
    words: words.map((word) => {
      const group = synonymsOf(word);
      return group ? [word, ...group.filter((synonym) => synonym !== word)] : [word];
    }),
  };
}
