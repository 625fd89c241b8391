import { type Params } from '../../db/card-sql';
import { type SearchTerms } from './search-terms';

// The search's SQL: the words as one tsquery, the candidates it reads (word index or newest first), the
// similar titles for misspellings and "did you mean". Composed into one statement by public-list.ts
// (docs/decisions/020).

// The tsquery of each search word: the word (or one of its synonyms) as a prefix. A word the English
// configuration drops as a stop word ('s', 'a') is matched as a plain prefix instead. The search's tsquery
// is their conjunction (' && ').
export function tsQueryWords(terms: SearchTerms, params: Params): string[] {
  return terms.words.map((alternatives) => {
    const ors = alternatives.map((word) => {
      const prefix = params.add(`${word}:*`, 'text');
      return `(case when numnode(to_tsquery('english', ${prefix})) = 0 then to_tsquery('simple', ${prefix}) else to_tsquery('english', ${prefix}) end)`;
    });
    return ors.length === 1 ? ors.join('') : `(${ors.join(' || ')})`;
  });
}

// The words whose postings a search may walk (see searchCandidates): typed with at least three letters
// and without synonyms, as their tsquery (from tsQueryWords).
export function postingWords(terms: SearchTerms, wordQueries: string[]): string[] {
  return wordQueries.filter(
    (_query, index) => terms.words[index]?.length === 1 && (terms.words[index][0]?.length ?? 0) >= 3,
  );
}

// How many of the newest listings a search reads in date order before it asks the word index instead
// (and, for similar titles, whose trigrams are slower to compare, the trigram index).
const RECENT_WINDOW = 4000;
const RECENT_SIMILAR_WINDOW = 500;

// The search's candidates, as the CTEs `title_matches` (the newest `reach` listings whose title has every
// word; relevance only), `all_matches` (the newest `reach` matches anywhere) and `match_count` (how many
// listings match anywhere, counted up to `reach`), in a plan that holds whatever number of listings the
// words match (docs/decisions/020, 035). The newest RECENT_WINDOW listings are read in date order and
// checked, stopping at `reach` matches: common words stop early. Only when they hold fewer (the words are
// rare) is the GIN index asked for every match, and those are then few.
// Titles are looked for first: a title's words are among the listing's words (search_vector holds
// title_vector's lexemes), so when `reach` titles match, the page is titles only and the walk through every
// word is not needed; there are then at least `reach` matches anywhere.
// With `drivers` (the words of postingWords, for a search with no filter but the public one), the titles'
// walk reads the postings of one word instead of every listing: the public listings with a title word
// starting with the same three letters as that word (title_word_postings, migration 0017), newest first.
// Every title with all the words is among them, so the newest `reach` of them are the same listings, found
// sooner. The word with the longest lexeme is taken, as likely the rarest.
export function searchCandidates(
  where: string,
  reach: string,
  withTitles: boolean,
  drivers: string[] = [],
): string {
  const walk = (rows: string, vector: string) => `select id, created_at, price from (
        select p.id, p.created_at, p.price, p.${vector} as vector from ${rows} order by p.created_at desc, p.id desc limit ${RECENT_WINDOW}
      ) newest where vector @@ (select words from search) limit ${reach}`;
  const matches = (index: 'title' | 'all', gate = '') => {
    const vector = index === 'title' ? 'title_vector' : 'search_vector';
    const newest = walk(`products p where ${where}${gate}`, vector);
    const recent =
      index === 'title' && drivers.length > 0
        ? `(${walk(`(select product_id as id, created_at, price, title_vector from title_word_postings where prefix = (select prefix from driver)) p`, vector)})
      union all
      (${walk(`products p where ${where} and not exists (select from driver)`, vector)})`
        : newest;
    return `${index}_recent as materialized (${recent}),
    ${index}_indexed as materialized (
      select p.id, p.created_at, p.price from products p
      where ${where} and p.${vector} @@ (select words from search)${gate} and (select count(*) from ${index}_recent) < ${reach}),
    ${index}_matches as materialized (
      select id, created_at, price from ${index}_recent
      union
      (select id, created_at, price from ${index}_indexed order by created_at desc, id desc limit ${reach}))`;
  };
  if (!withTitles) return matches('all');
  const driver =
    drivers.length > 0
      ? `driver as materialized (
      select left(lexeme, 3) as prefix from (
        select substring(word::text from '^''([^'']{3,})'':\\*$') as lexeme, n
        from unnest(array[${drivers.join(', ')}]) with ordinality as words(word, n)) lexemes
      where lexeme is not null order by length(lexeme) desc, n limit 1),
    `
      : '';
  const fewTitles = ` and (select count(*) from title_matches) < ${reach}`;
  return `${driver}${matches('title')},
    ${matches('all', fewTitles)},
    match_count as materialized (select greatest((select count(*) from title_matches), (select count(*) from all_matches)) as n)`;
}

// Full text finding fewer listings than this is 'little': titles similar to the words are added.
export const FEW_MATCHES = 3;

// How alike a title must be to the typed words (pg_trgm word_similarity: 'samsng' is 0.57 of 'Samsung').
const SIMILARITY = 0.5;

// Titles like the typed words (pg_trgm word similarity, for misspellings: 'samsng', 'snekers'), newest
// first, as the CTE `similar_matches`; only looked for when full text found fewer than FEW_MATCHES, and
// read like the words' matches: the newest listings first, the trigram index when few are similar.
export function similarTitles(where: string, reach: string, text: string): string {
  // Note: the trigram index answers `%>` by pg_trgm.word_similarity_threshold (0.6 by default); the gate,
  // evaluated before the index is read, sets it for this statement's transaction only.
  const gate = `(select n from match_count) < ${FEW_MATCHES} and set_config('pg_trgm.word_similarity_threshold', '${SIMILARITY}', true) is not null`;
  const similar = `word_similarity(${text}, p.title) >= ${SIMILARITY}`;
  return `similar_recent as materialized (
      select id, created_at, price from (
        select p.id, p.created_at, p.price, ${similar} as is_similar from products p where ${where} and ${gate}
        order by p.created_at desc, p.id desc limit ${RECENT_SIMILAR_WINDOW}
      ) newest where is_similar limit ${reach}),
    similar_indexed as materialized (
      select p.id, p.created_at, p.price from products p
      where ${where} and ${gate} and (select count(*) from similar_recent) < ${reach} and p.title %> ${text} and ${similar}),
    similar_matches as (
      select id, created_at, price from similar_recent
      union
      (select id, created_at, price from similar_indexed order by created_at desc, id desc limit ${reach}))`;
}

// 'Did you mean …': when the words matched nothing, each typed word replaced by the most similar word of
// the similar titles (a word found as typed stays); null when no word changes.
export function suggestion(typed: string): string {
  return `(select case when bool_or(best.word <> typed.word) then string_agg(coalesce(best.word, typed.word), ' ' order by typed.n) end
    from unnest(${typed}) with ordinality as typed(word, n)
    left join lateral (
      select candidate.word from (select p.title from similar_matches s join products p on p.id = s.id order by s.created_at desc limit 10) titles,
        regexp_split_to_table(lower(titles.title), '[^[:alnum:]]+') as candidate(word)
      where (select n from match_count) = 0 and similarity(candidate.word, typed.word) >= 0.4
      order by candidate.word = typed.word desc, similarity(candidate.word, typed.word) desc, candidate.word
      limit 1) best on true)`;
}
