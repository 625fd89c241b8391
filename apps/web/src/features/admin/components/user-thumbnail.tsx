import { useTranslation } from '../../../i18n/use-translation';

type UserThumbnailProps = { name: string; pictureUrl: string | null; size?: number };

// spec §2: the users table shows an 80x80 profile picture, or a placeholder when there is none.
export function UserThumbnail({ name, pictureUrl, size = 80 }: UserThumbnailProps) {
  const { t } = useTranslation();
  if (!pictureUrl) {
    return (
      <span className="admin-thumbnail-placeholder rounded" style={{ width: size, height: size }}>
        {t('admin.users.noPicture')}
      </span>
    );
  }
  return (
    <img
      src={pictureUrl}
      alt={t('admin.users.pictureAlt', { name })}
      width={size}
      height={size}
      loading="lazy"
      className="admin-thumbnail rounded"
    />
  );
}
