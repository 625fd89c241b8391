import { queryOptions, useQuery } from '@tanstack/react-query';
import { SAVED_LOOKUP_MAX } from '@marketplace/shared/schemas/favourites';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const favouritesQueryKey = ['favourites'] as const;

// GET /api/favourites/ids?productIds=…: which of these listings (at most SAVED_LOOKUP_MAX) the user saved.
async function getSavedAmong(productIds: string[]): Promise<Set<string>> {
  const result = await apiRequestOrThrow<string[]>(`/favourites/ids?productIds=${productIds.join(',')}`);
  return new Set(result.data);
}

// The hearts drawn together (a page of cards, the product page's button) are asked about in one call, not one
// each, and never all the user ever saved (decision 091): a heart's question waits for the others of the same
// moment, then one call per SAVED_LOOKUP_MAX listings answers them.
type Question = { productId: string; answer: (isSaved: boolean) => void; fail: (error: unknown) => void };
let waiting: Question[] = [];

function askWaiting() {
  const questions = waiting;
  waiting = [];
  const productIds = [...new Set(questions.map((question) => question.productId))];
  for (let start = 0; start < productIds.length; start += SAVED_LOOKUP_MAX) {
    const asked = new Set(productIds.slice(start, start + SAVED_LOOKUP_MAX));
    const mine = questions.filter((question) => asked.has(question.productId));
    getSavedAmong([...asked]).then(
      (saved) => mine.forEach((question) => question.answer(saved.has(question.productId))),
      (error: unknown) => mine.forEach((question) => question.fail(error)),
    );
  }
}

function isListingSaved(productId: string): Promise<boolean> {
  return new Promise((answer, fail) => {
    waiting.push({ productId, answer, fail });
    if (waiting.length === 1) setTimeout(askWaiting, 0);
  });
}

export function savedStateQueryOptions(userId: string, productId: string) {
  return queryOptions({
    queryKey: [...favouritesQueryKey, 'saved', userId, productId],
    queryFn: () => isListingSaved(productId),
    // The heart shows 'not saved' until it answers; a failure is no reason to interrupt the page.
    meta: { hasErrorToast: false },
    staleTime: 5 * 60_000,
  });
}

// Whether the user saved the listing. Asked only for a logged-in user who is not its seller, after the page is
// drawn: a visitor's first view makes no extra call.
export function useSavedState(product: { id: string; user: { id: string } }) {
  const { user } = useSession();
  const isAsked = user !== null && user.id !== product.user.id;
  const query = useQuery({ ...savedStateQueryOptions(user?.id ?? '', product.id), enabled: isAsked });
  return { isSaved: query.data === true, isLoggedIn: user !== null, userId: user?.id ?? null };
}
