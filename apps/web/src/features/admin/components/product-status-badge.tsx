import Badge from 'react-bootstrap/Badge';
import { useTranslation } from '../../../i18n/use-translation';
import type { ProductStatus } from '@marketplace/shared/constants';

const badgeColour = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation();
  return (
    <Badge bg={badgeColour[status]} text={status === 'pending' ? 'dark' : undefined}>
      {t(`admin.status.${status}`)}
    </Badge>
  );
}
