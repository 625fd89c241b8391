import { z } from 'zod';
import { NotificationSchema } from './accounts';
import { SHIPMENT_STATUSES } from './shipping';

// The live event stream (GET /api/events, decision 023). Each event has a type (the SSE `event:` field)
// and JSON data; the API writes them with publishEvent, the web app reads them with useLiveEvent.

// POST /api/events/ticket: the short-lived ticket that opens the stream (EventSource cannot send headers).
export const EventTicketSchema = z.object({ ticket: z.string(), expiresInSeconds: z.number().int() });
export type EventTicket = z.infer<typeof EventTicketSchema>;

// The stream's first event, sent once the missed events (if any) are replayed. `resumed`: false when the
// stream could not replay from the client's last event id (none given, or older than the stream keeps):
// the client should read again what it shows.
export const ReadyEventSchema = z.object({ resumed: z.boolean() });
export type ReadyEvent = z.infer<typeof ReadyEventSchema>;

// `notification`: a new notification for the reader (a user's own, or the admins'), with the reader's
// unread count after it.
export const NotificationEventSchema = z.object({
  notification: NotificationSchema,
  unread: z.number().int(),
});
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

// `notifications-read`: notifications were marked read (in another tab, or by another admin).
export const NotificationsReadEventSchema = z.object({ unread: z.number().int() });
export type NotificationsReadEvent = z.infer<typeof NotificationsReadEventSchema>;

// `shipment`: a shipment's status changed (booked, picked up, on its way, delivered, cancelled): the orders
// tab, the transactions and the tracking page read it again (issue 32).
export const ShipmentEventSchema = z.object({
  orderId: z.uuid(),
  shipmentReference: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
});
export type ShipmentEvent = z.infer<typeof ShipmentEventSchema>;
