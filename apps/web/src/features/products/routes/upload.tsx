import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useBlocker, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { PROFILE_REDIRECT_DELAY_MS, UPLOAD_PROFILE_FIELDS } from '@marketplace/shared/constants';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/me';
import { errorText } from '../../../lib/server-message';
import { useSession } from '../../../lib/session';
import { useCreateProduct, type NewListing, type UploadMode } from '../api/create-product';
import { ProductForm } from '../components/product-form';
import '../products.scss';

type SellerBlock = 'PROFILE_INCOMPLETE_FOR_UPLOAD' | 'BANK_NOT_VERIFIED';

// spec §5: the profile fields a seller must have filled in (UPLOAD_PROFILE_FIELDS), then a verified bank account.
export function sellerBlock(me: Me): SellerBlock | null {
  if (UPLOAD_PROFILE_FIELDS.some((field) => !me[field]?.trim())) return 'PROFILE_INCOMPLETE_FOR_UPLOAD';
  if (!me.isVerified) return 'BANK_NOT_VERIFIED';
  return null;
}

function isSellerBlock(code: string): code is SellerBlock {
  return code === 'PROFILE_INCOMPLETE_FOR_UPLOAD' || code === 'BANK_NOT_VERIFIED';
}

// spec §5: the message (once: the page's alert, not a toast as well), then the profile page after 2 s.
function useProfileRedirect(block: SellerBlock | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!block) return;
    // Replace, not push: Back must not land on /upload, which would send the user to /profile again.
    const timer = window.setTimeout(
      () => void navigate('/profile', { replace: true }),
      PROFILE_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [block, navigate]);
}

const modeOf = (search: string): UploadMode =>
  new URLSearchParams(search).get('mode') === 'donate' ? 'donate' : 'sell';

// spec §2: /upload (login). Sell or Donate (?mode=), switching resets the form (asked first when anything
// was typed); a way to My products.
export function UploadRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: UploadMode = modeOf(`?${searchParams.toString()}`);
  const { user, isLoggedIn } = useSession();
  // The profile is read afresh on every visit: a seller who has just verified their bank on the profile
  // page must not be sent back there by a remembered copy.
  const me = useQuery({ ...meQueryOptions(), enabled: isLoggedIn, refetchOnMount: 'always' });
  const createProduct = useCreateProduct();
  const [serverBlock, setServerBlock] = useState<SellerBlock | null>(null);
  const rememberedBlock = me.data ? sellerBlock(me.data) : null;
  const block = serverBlock ?? (me.isFetchedAfterMount ? rememberedBlock : null);
  const isChecking = me.isPending || (rememberedBlock !== null && !me.isFetchedAfterMount && !me.isError);
  useProfileRedirect(block);

  async function onSubmit(listing: NewListing) {
    if (!me.data || !user) return;
    const location = [me.data.city, me.data.state].filter(Boolean).join(', ');
    try {
      await createProduct.mutateAsync({ mode, listing, location, uploaderId: user.id });
    } catch (error) {
      if (error instanceof ApiError && isSellerBlock(error.code)) {
        setServerBlock(error.code);
        return;
      }
      // spec §8: the server's message when there is one. A refusal (4xx) is 'Failed to submit'; no
      // answer or a server fault is 'An unexpected error occurred.'
      const isRefusal = error instanceof ApiError && error.status >= 400 && error.status < 500;
      toast.error(() => t(isRefusal ? 'errors.UPLOAD_FAILED' : 'errors.UPLOAD_UNEXPECTED'), {
        description: error instanceof ApiError ? errorText(error) : undefined,
      });
      throw error;
    }
    void navigate('/my-products', { state: { focusHeading: true } });
  }

  // Switching starts a new, empty form: asked first when something was typed or added, whether the switch
  // comes from the Sell/Donate buttons or from the browser's Back and Forward (the mode is in the address).
  const [hasChanges, setHasChanges] = useState(false);
  const onDirtyChange = useCallback((isDirty: boolean) => setHasChanges(isDirty), []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasChanges &&
      currentLocation.pathname === nextLocation.pathname &&
      modeOf(currentLocation.search) !== modeOf(nextLocation.search),
  );
  const askedMode = blocker.state === 'blocked' ? modeOf(blocker.location.search) : null;

  function onModeChange(next: UploadMode) {
    if (next !== mode) setSearchParams({ mode: next });
  }

  function confirmSwitch() {
    setHasChanges(false);
    blocker.proceed?.();
  }

  let content;
  if (isChecking) {
    content = <PageLoading />;
  } else if (!me.data) {
    content = <LoadFailed message={t('upload.profileLoadFailed')} onRetry={() => void me.refetch()} />;
  } else if (block) {
    content = (
      <div className="alert alert-warning" role="alert">
        <p>{t(`errors.${block}`)}</p>
        <Link to="/profile" className="btn btn-warning">
          {t('upload.goToProfile')}
        </Link>
      </div>
    );
  } else {
    content = (
      <ProductForm
        key={mode}
        mode={mode}
        location={[me.data.city, me.data.state].filter(Boolean).join(', ')}
        submitLabel={mode === 'sell' ? t('upload.submitSell') : t('upload.submitDonate')}
        isPending={createProduct.isPending}
        onSubmit={onSubmit}
        onDirtyChange={onDirtyChange}
      />
    );
  }

  return (
    <div className="container py-3 py-md-4 upload-page">
      <title>{`${t('upload.pageTitle')} · ${t('app.name')}`}</title>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('upload.pageTitle')}</h1>
        <Link to="/my-products" className="btn btn-outline-secondary btn-sm">
          {t('upload.myProducts')}
        </Link>
      </div>
      <div className="d-flex gap-2 mb-4" role="group" aria-label={t('upload.modeLabel')}>
        {(['sell', 'donate'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className={option === mode ? 'btn btn-primary flex-fill' : 'btn btn-outline-primary flex-fill'}
            aria-pressed={option === mode}
            onClick={() => onModeChange(option)}
          >
            {option === 'sell' ? t('upload.sellMode') : t('upload.donateMode')}
          </button>
        ))}
      </div>
      {content}
      {askedMode && (
        <ConfirmDialog
          title={t('upload.switchTitle', {
            mode: askedMode === 'sell' ? t('upload.sellMode') : t('upload.donateMode'),
          })}
          confirmLabel={t('upload.switchConfirm')}
          tone="danger"
          onConfirm={confirmSwitch}
          onCancel={() => blocker.reset?.()}
        >
          <p className="mb-0">{t('upload.switchText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
