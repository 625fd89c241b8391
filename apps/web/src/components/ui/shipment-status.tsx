import { useTranslation } from '../../i18n/use-translation';

export type ShipmentDisplay = 'pending' | 'shipped' | 'delivered' | 'notAvailable' | 'error';

// spec §4, shipment display: pending, shipped, not available, otherwise error (and delivered, once the
// courier has delivered it). Picked up and in transit are both 'shipped'.
export function shipmentDisplay(status: string | null): ShipmentDisplay {
  if (!status) return 'notAvailable';
  const normalized = status.toLowerCase().replace(/[_-]/g, ' ');
  if (normalized === 'pending') return 'pending';
  if (normalized === 'shipped' || normalized === 'in transit' || normalized === 'picked up') return 'shipped';
  if (normalized === 'delivered') return 'delivered';
  return 'error';
}

export function ShipmentStatus({ status }: { status: string | null }) {
  const { t } = useTranslation();
  const display = shipmentDisplay(status);
  const tone = display === 'error' ? 'text-danger' : display === 'delivered' ? 'text-success' : '';
  return <span className={`fw-semibold ${tone}`.trim()}>{t(`shipmentStatus.${display}`)}</span>;
}
