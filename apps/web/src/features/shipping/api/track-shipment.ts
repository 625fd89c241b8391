import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShipmentTrackingResult } from '@marketplace/shared/schemas/shipping';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/track-shipment/{shipmentReference} (spec §7: data.data.current_status): for the buyer, the
// seller or an admin; anyone else gets 404.
export async function trackShipment(
  reference: string,
  signal?: AbortSignal,
): Promise<ShipmentTrackingResult> {
  const result = await apiRequestOrThrow<ShipmentTrackingResult>(
    `/track-shipment/${encodeURIComponent(reference)}`,
    {
      signal,
    },
  );
  return result.data;
}

// A shipment on its way is asked about again this often.
export const TRACKING_REFRESH_MS = 30_000;

export function trackShipmentQueryOptions(reference: string) {
  return queryOptions({
    queryKey: ['shipments', reference],
    queryFn: ({ signal }) => trackShipment(reference, signal),
    // The page says itself what went wrong.
    meta: { hasErrorToast: false },
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'delivered' || status === 'cancelled' || query.state.error
        ? false
        : TRACKING_REFRESH_MS;
    },
  });
}

export function useTrackShipment(reference: string) {
  return useQuery({ ...trackShipmentQueryOptions(reference), enabled: reference !== '' });
}
