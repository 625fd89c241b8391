import { LoadMore } from '../../../components/ui/load-more';
import { useOffers } from '../api/get-offers';
import { OfferCard } from './offer-card';

// The offers made in a conversation about a listing (decision 061), newest first, with their answers; a page at a
// time, the older ones with Load more.
export function ConversationOffers({ conversationId }: { conversationId: string }) {
  const offers = useOffers({ conversationId });
  const made = offers.data?.pages.flatMap((page) => page.items) ?? [];
  if (made.length === 0) return null;
  return (
    <div className="mb-3">
      {made.map((offer) => (
        <OfferCard key={offer.id} offer={offer} />
      ))}
      <LoadMore pages={offers} className="text-center mt-2" />
    </div>
  );
}
