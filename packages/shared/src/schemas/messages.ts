import { z } from 'zod';
import type { MessageCode } from '../reply-texts';
import { ReportNoteSchema } from './reports';

// Messages between a listing's owner and one other user (issue 14, decision 024). Text only; nobody's
// e-mail or phone is ever part of a reply: people are named by their username.

export const MESSAGE_MAX_LENGTH = 1000;
// An unread message is mailed (one digest for the unread batch) once it has waited this long.
export const MESSAGE_DIGEST_DELAY_MINUTES = 15;

const code = (messageCode: MessageCode) => ({ error: messageCode });

// POST /api/conversations/:id/messages
export const MessageInputSchema = z.object({
  text: z
    .string(code('MESSAGE_REQUIRED'))
    .trim()
    .min(1, code('MESSAGE_REQUIRED'))
    .max(MESSAGE_MAX_LENGTH, code('MESSAGE_TOO_LONG')),
});
export type MessageInput = z.input<typeof MessageInputSchema>;

// POST /api/conversations/:id/reports
export const ConversationReportInputSchema = z.object({ note: ReportNoteSchema });
export type ConversationReportInput = z.input<typeof ConversationReportInputSchema>;

const time = z.iso.datetime({ offset: true });
const person = z.object({ username: z.string() });

// One message. `isMine`: the reader sent it (always false for an admin reading a reported conversation).
export const MessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  text: z.string(),
  sender: person,
  isMine: z.boolean(),
  createdAt: time,
  // When its recipient read it; null while unread.
  readAt: time.nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationListingSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  picture: z.string().nullable(),
});

// A line of GET /api/conversations: the listing, the other person, the last message and how many of the
// other person's messages the reader has not read.
export const ConversationSummarySchema = z.object({
  id: z.uuid(),
  listing: ConversationListingSchema,
  other: person,
  // The reader owns the listing.
  isOwner: z.boolean(),
  lastMessage: z.object({ text: z.string(), isMine: z.boolean(), createdAt: time }).nullable(),
  unread: z.number().int(),
  lastActivityAt: time,
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

// GET /api/conversations/:id: the thread's head. `viewer` is who reads it: the listing's owner, the other
// participant, or an admin reading a reported conversation.
export const ConversationSchema = z.object({
  id: z.uuid(),
  listing: ConversationListingSchema,
  owner: person,
  user: person,
  viewer: z.enum(['owner', 'user', 'admin']),
  // The reader blocked the other person / the other person blocked the reader (then the reader cannot send).
  blockedByMe: z.boolean(),
  blockedMe: z.boolean(),
  reportedByMe: z.boolean(),
  // Every report of it: shown to admins only (empty for participants).
  reports: z.array(z.object({ reporter: person, note: z.string().nullable(), createdAt: time })),
  createdAt: time,
});
export type Conversation = z.infer<typeof ConversationSchema>;

// POST /api/products/:id/conversation
export const OpenConversationSchema = z.object({ id: z.uuid() });

// GET /api/conversations/unread
export const UnreadMessagesSchema = z.object({ unread: z.number().int() });

// GET /api/admin/conversations: reported conversations, the latest report first.
export const ReportedConversationSchema = z.object({
  id: z.uuid(),
  listing: ConversationListingSchema,
  owner: person,
  user: person,
  reports: z.number().int(),
  lastReportedAt: time,
});
export type ReportedConversation = z.infer<typeof ReportedConversationSchema>;

// The live `message` event (decision 023, 024): a new message for the reader, as the reader sees it, with
// the reader's unread count over all conversations after it.
export const MessageEventSchema = z.object({ message: MessageSchema, unread: z.number().int() });
export type MessageEvent = z.infer<typeof MessageEventSchema>;
