import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { earlyTap } from '../../../lib/early-taps';
import { useSession } from '../../../lib/session';
import { STORAGE_KEYS } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useOpenConversation } from '../api/open-conversation';

// 'Message seller' on a listing's page opens the conversation in Oja (decision 024); a visitor logs in first
// and comes back.
export function MessageSeller({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { isLoggedIn } = useSession();
  const openConversation = useOpenConversation();
  const loginUrl = `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  function onMessage() {
    // A refusal's message is the query client's toast (spec §8).
    openConversation.mutate(product.id, { onSuccess: (id) => void navigate(`/messages/${id}`) });
  }

  return isLoggedIn ? (
    <button
      type="button"
      className="btn btn-outline-primary btn-lg"
      onClick={onMessage}
      disabled={openConversation.isPending}
      aria-busy={openConversation.isPending}
      {...earlyTap(`message:${product.id}`)}
    >
      {openConversation.isPending ? t('messages.opening') : t('product.message')}
    </button>
  ) : (
    // spec §2: a visitor is told 'Please login first' before the login page.
    <Link
      to={loginUrl}
      className="btn btn-outline-primary btn-lg"
      onClick={() => toast.warning(() => t('errors.LOGIN_REQUIRED'), { id: 'LOGIN_REQUIRED' })}
      // A signed-in reader's tap before the app is ready waits for the button (decision 065).
      {...earlyTap(`message:${product.id}`, { whenStored: STORAGE_KEYS.session })}
    >
      {t('product.message')}
    </Link>
  );
}
