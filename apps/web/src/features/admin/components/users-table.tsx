import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { AdminUser } from '@marketplace/shared/schemas/admin';
import { formatCappedCount } from '../../../lib/format-number';
import { UserDetailsDialog, addressOf } from './user-details-dialog';
import { UserThumbnail } from './user-thumbnail';

// spec §2, admin users screen: No., Profile Picture, Email, Full Name, Phone No., address, Upline,
// No. of referrals. A row opens the user's card: by mouse anywhere on the row, by keyboard through the
// name's button.
export function UsersTable({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation();
  const [openUser, setOpenUser] = useState<AdminUser | null>(null);

  if (users.length === 0) return <p className="text-body-secondary">{t('admin.users.empty')}</p>;

  return (
    <>
      <div className="table-responsive">
        <table className="table table-hover align-middle">
          <caption className="visually-hidden">{t('admin.users.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.users.columns.number')}</th>
              <th scope="col">{t('admin.users.columns.picture')}</th>
              <th scope="col">{t('admin.users.columns.email')}</th>
              <th scope="col">{t('admin.users.columns.fullName')}</th>
              <th scope="col">{t('admin.users.columns.phone')}</th>
              <th scope="col">{t('admin.users.columns.address')}</th>
              <th scope="col">{t('admin.users.columns.upline')}</th>
              <th scope="col">{t('admin.users.columns.referrals')}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user, index) => (
              <tr key={user.id} className="admin-row" onClick={() => setOpenUser(user)}>
                <td>{index + 1}</td>
                <td>
                  <UserThumbnail name={user.fullName} pictureUrl={user.profilePicture} />
                </td>
                <td className="text-break">{user.email}</td>
                <th scope="row" className="fw-normal">
                  <button
                    type="button"
                    className="btn btn-link p-0 text-start"
                    aria-haspopup="dialog"
                    aria-label={t('admin.users.openDetails', { name: user.fullName })}
                  >
                    {user.fullName}
                  </button>
                  {user.accountNameMismatch && (
                    <span className="badge text-bg-warning ms-2" title={t('admin.users.nameMismatchHint')}>
                      {t('admin.users.nameMismatch')}
                    </span>
                  )}
                </th>
                <td>{user.phoneNumber ?? ''}</td>
                <td>{addressOf(user)}</td>
                <td>{user.referredBy ?? ''}</td>
                <td>{formatCappedCount(user.referralCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {openUser && <UserDetailsDialog user={openUser} onClose={() => setOpenUser(null)} />}
    </>
  );
}
