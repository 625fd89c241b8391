// The live event stream's event types (GET /api/events, decision 023; their data in schemas/events.ts).
// Note: a module of their own, without the schema library, so that the web app's header can listen to the
// stream without loading zod and the schemas with the first view (decision 036).
export const LIVE_EVENT_TYPES = {
  ready: 'ready',
  notification: 'notification',
  notificationsRead: 'notifications-read',
  // A new message for the reader (decision 024; MessageEventSchema in schemas/messages.ts).
  message: 'message',
  // A shipment's status changed, for its buyer and seller (issue 32; ShipmentEventSchema in schemas/events.ts).
  shipment: 'shipment',
} as const;
