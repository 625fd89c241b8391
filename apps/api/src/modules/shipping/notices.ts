import type { NotificationContent } from '@marketplace/shared/notifications';
import type { ShipmentStatus } from '@marketplace/shared/schemas/shipping';

// What buyer, seller and admins are told about a shipment: codes with parameters (shared notifications.ts).

export const shipmentNotices = {
  booked: (title: string, courier: string, shipmentReference: string): NotificationContent => ({
    code: 'SHIPMENT_BOOKED',
    params: { title, courier, shipmentReference },
  }),
  bookingFailed: (
    title: string,
    reference: string,
    attempts: number,
    reason: string,
  ): NotificationContent => ({
    code: 'SHIPMENT_BOOKING_FAILED',
    params: { title, reference, attempts: String(attempts), reason },
  }),
  // A step the shipment reached; pending (just booked) is told by `booked`.
  statusChanged: (
    status: ShipmentStatus,
    title: string,
    shipmentReference: string,
  ): NotificationContent | null => {
    const params = { title, shipmentReference };
    switch (status) {
      case 'picked-up':
        return { code: 'SHIPMENT_PICKED_UP', params };
      case 'in-transit':
        return { code: 'SHIPMENT_IN_TRANSIT', params };
      case 'delivered':
        return { code: 'SHIPMENT_DELIVERED', params };
      case 'cancelled':
        return { code: 'SHIPMENT_CANCELLED', params };
      default:
        return null;
    }
  },
};
