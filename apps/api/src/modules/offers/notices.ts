import { formatNaira } from '@marketplace/shared/money';
import type { NotificationContent } from '@marketplace/shared/notifications';
import type { Database } from '../../db/client';
import { notifyUser } from '../notifications/index';

// The notifications of an offer's steps (decision 061): codes with parameters, in each reader's language.

export type OfferNoticeFacts = {
  id: string;
  title: string;
  conversationId: string | null;
  buyer: string;
  seller: string;
};

type OfferNotice =
  | { code: 'OFFER_RECEIVED' | 'OFFER_WITHDRAWN'; amount: number }
  | { code: 'OFFER_DECLINED' | 'OFFER_COUNTERED'; amount: number }
  | { code: 'OFFER_ACCEPTED' | 'OFFER_COUNTER_ACCEPTED'; amount: number; holdSeconds: number }
  | { code: 'OFFER_EXPIRED' | 'OFFER_ENDED'; amount: number };

function content(facts: OfferNoticeFacts, notice: OfferNotice): NotificationContent {
  const base = {
    title: facts.title,
    amount: formatNaira(notice.amount),
    offerId: facts.id,
    conversationId: facts.conversationId ?? '',
  };
  switch (notice.code) {
    case 'OFFER_RECEIVED':
    case 'OFFER_WITHDRAWN':
      return { code: notice.code, params: { ...base, buyer: facts.buyer } };
    case 'OFFER_DECLINED':
    case 'OFFER_COUNTERED':
      return { code: notice.code, params: { ...base, seller: facts.seller } };
    case 'OFFER_ACCEPTED':
      return {
        code: notice.code,
        params: { ...base, seller: facts.seller, hours: hours(notice.holdSeconds) },
      };
    case 'OFFER_COUNTER_ACCEPTED':
      return { code: notice.code, params: { ...base, buyer: facts.buyer, hours: hours(notice.holdSeconds) } };
    case 'OFFER_EXPIRED':
    case 'OFFER_ENDED':
      return { code: notice.code, params: base };
  }
}

// Whole hours, at least 1 (OFFER_CHECKOUT_SECONDS may be short in tests).
const hours = (seconds: number) => String(Math.max(1, Math.round(seconds / 3600)));

export async function notifyOffer(
  db: Database,
  userId: string,
  facts: OfferNoticeFacts,
  notice: OfferNotice,
): Promise<void> {
  await notifyUser({ db, userId, content: content(facts, notice) });
}
