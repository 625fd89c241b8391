import { createContext, useContext, type ComponentType } from 'react';

// What a conversation's page shows of other features: the offers made in it (offers, decision 061). A feature
// never imports another, so the app fills these slots (app/feature-slots.tsx, decision 054); an empty slot
// draws nothing.
export type MessageSlots = {
  ConversationOffers?: ComponentType<{ conversationId: string }>;
};

const MessageSlotsContext = createContext<MessageSlots>({});

export const MessageSlotsProvider = MessageSlotsContext.Provider;

export function useMessageSlots(): MessageSlots {
  return useContext(MessageSlotsContext);
}
