import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from '../../../i18n/use-translation';
import type { AdminUser } from '@marketplace/shared/schemas/admin';
import { formatDate } from '../../../lib/format-date';
import { DetailList } from '../../../components/ui/detail-list';
import { Dialog } from '../../../components/ui/dialog';
import { PagedList } from '../../../components/ui/paged-list';
import { useAdminUserReferrals } from '../api/get-admin-user-referrals';
import { UserThumbnail } from './user-thumbnail';

// The street, city, state and country, or the free-text address when those are not filled in.
export function addressOf(
  user: Pick<AdminUser, 'address' | 'street' | 'city' | 'state' | 'country'>,
): string {
  const parts = [user.street, user.city, user.state, user.country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : (user.address ?? '');
}

type UserDetailsDialogProps = { user: AdminUser; onClose: () => void };

// spec §2, admin users screen: the card opened from a row.
export function UserDetailsDialog({ user, onClose }: UserDetailsDialogProps) {
  const { t } = useTranslation();
  const referrals = useAdminUserReferrals(user.id);
  const referralsId = useId();
  return (
    <Dialog
      title={
        <>
          {user.fullName}
          {user.isVerified && <Badge bg="success">{t('admin.users.verified')}</Badge>}
        </>
      }
      titleClassName="d-flex align-items-center gap-2"
      onClose={onClose}
      isScrollable
    >
      <div className="mb-3">
        <UserThumbnail name={user.fullName} pictureUrl={user.profilePicture} />
      </div>
      <DetailList
        details={[
          { label: t('admin.users.username'), value: user.username },
          { label: t('admin.users.email'), value: user.email },
          { label: t('admin.users.phone'), value: user.phoneNumber },
          { label: t('admin.users.bio'), value: user.bio },
          { label: t('admin.users.address'), value: addressOf(user) },
        ]}
      />
      <h3 className="h6 mt-3">{t('admin.users.bankDetails')}</h3>
      <DetailList
        details={[
          { label: t('admin.users.accountName'), value: user.accountName },
          { label: t('admin.users.accountNumber'), value: user.accountNumber },
          { label: t('admin.users.bankName'), value: user.bankName },
        ]}
      />
      <h3 id={referralsId} className="h6 mt-3">
        {t('admin.users.referrals')}
      </h3>
      <PagedList
        labelledBy={referralsId}
        pages={referrals}
        loadFailed={t('admin.users.referralsLoadFailed')}
        empty={t('admin.users.noReferrals')}
        itemKey={(referral) => referral.id}
      >
        {(referral) => referral.username}
      </PagedList>
      <DetailList
        details={[
          { label: t('admin.users.memberSince'), value: formatDate(user.createdAt) },
          { label: t('admin.users.lastUpdated'), value: formatDate(user.updatedAt) },
        ]}
      />
    </Dialog>
  );
}
