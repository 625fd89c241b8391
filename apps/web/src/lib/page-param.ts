// The page number of a paged list, from the address (?page=, or another name when a page has two lists);
// anything else than a positive whole number is the first page.
export function pageFromSearch(searchParams: URLSearchParams, name = 'page'): number {
  const page = Number(searchParams.get(name));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
