// The page number of a paged list, from the address (?page=); anything else than a positive whole number
// is the first page.
export function pageFromSearch(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
