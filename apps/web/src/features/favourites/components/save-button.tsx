import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { HeartIcon } from '../../../components/ui/icons';
import { earlyTap } from '../../../lib/early-taps';
import { STORAGE_KEYS } from '../../../lib/storage';
import { useSavedState } from '../api/get-saved-ids';
import { useSetListingSaved } from '../api/save-listing';

type SaveButtonProps = {
  product: { id: string; title: string; user: { id: string } };
  // On a card: a round heart over the picture, for logged-in users only. On the product page: a button
  // with its word, and for visitors a link to log in and come back (decision 026).
  variant: 'card' | 'page';
};

// The heart: saves the listing or removes it from Saved items. Its state (aria-pressed) is read out with
// its constant name; the toast confirms the change.
export function SaveButton({ product, variant }: SaveButtonProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { isSaved, isLoggedIn, userId } = useSavedState(product);
  const setSaved = useSetListingSaved(userId ?? '');

  if (!isLoggedIn) {
    if (variant === 'card') return null;
    return (
      <Link
        to={`/login?redirect=${encodeURIComponent(pathname + search)}`}
        className="btn btn-outline-secondary save-button"
        // The server draws every reader signed out: a signed-in reader's tap before the app is ready waits
        // for the Save button that replaces this link (decision 065).
        {...earlyTap(`save:${product.id}`, { whenStored: STORAGE_KEYS.session })}
      >
        <HeartIcon /> {t('favourites.loginToSave')}
      </Link>
    );
  }
  // A seller does not save their own listing.
  if (userId === product.user.id) return null;

  const onToggle = () => setSaved.mutate({ productId: product.id, isSaved: !isSaved });
  if (variant === 'card') {
    return (
      <button
        type="button"
        className={`save-heart${isSaved ? ' is-saved' : ''}`}
        aria-pressed={isSaved}
        aria-label={t('favourites.save', { title: product.title })}
        onClick={onToggle}
      >
        <HeartIcon isFilled={isSaved} />
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`btn btn-outline-secondary save-button${isSaved ? ' is-saved' : ''}`}
      aria-pressed={isSaved}
      onClick={onToggle}
      {...earlyTap(`save:${product.id}`)}
    >
      <HeartIcon isFilled={isSaved} /> {t('favourites.saveShort')}
    </button>
  );
}
