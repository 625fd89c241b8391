import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import type { ShipmentEvent } from '@marketplace/shared/schemas/events';
import { useLiveEvent } from './use-live-event';
import { RESYNC } from '../lib/live-events';

// Shipment statuses, live (issue 32): each `shipment` event reads the orders, the transactions and that
// shipment's tracking again, so "Pending" turns "Delivered" without a reload. A stream that could not
// resume reads them all again.
export function useLiveShipments({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const readAgain = (reference: string | null) => {
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    void queryClient.invalidateQueries({ queryKey: reference ? ['shipments', reference] : ['shipments'] });
  };
  useLiveEvent<ShipmentEvent>(LIVE_EVENT_TYPES.shipment, (event) => readAgain(event.shipmentReference), {
    enabled,
  });
  useLiveEvent(RESYNC, () => readAgain(null), { enabled });
}
