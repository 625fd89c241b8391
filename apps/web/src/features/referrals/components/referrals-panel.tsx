import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SubmitButton } from '../../../components/ui/submit-button';
import { PagedList } from '../../../components/ui/paged-list';
import { useGenerateRefId } from '../api/generate-ref-id';
import { useReferrals } from '../api/referrals';

type ReferralsPanelProps = { me: Me };

// spec §1: the referral link is {site}/register?ref={refID}.
export function referralLink(refID: string): string {
  return `${window.location.origin}/register?ref=${encodeURIComponent(refID)}`;
}

// spec §2, the referrals tab: the link with Copy, a new refID on demand, the upline and the referrals (a page at
// a time from GET /users/referrals).
export function ReferralsPanel({ me }: ReferralsPanelProps) {
  const { t } = useTranslation();
  const generate = useGenerateRefId();
  const referrals = useReferrals();
  const linkId = useId();
  const link = referralLink(me.refID);
  // A new ID breaks every link already shared, so it is asked first.
  const [isConfirming, setConfirming] = useState(false);

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.info(() => t('profile.referrals.linkCopied'));
    } catch {
      toast.error(() => t('profile.referrals.copyFailed'));
    }
  }

  return (
    <div className="row g-4">
      <section className="col-lg-7" aria-labelledby={`${linkId}-title`}>
        <h2 id={`${linkId}-title`} className="h5">
          {t('profile.referrals.title')}
        </h2>
        <p className="text-body-secondary">{t('profile.referrals.intro')}</p>
        <label htmlFor={linkId} className="form-label">
          {t('profile.referrals.linkLabel')}
        </label>
        <div className="input-group mb-2">
          <input
            id={linkId}
            type="text"
            className="form-control"
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="btn btn-primary" onClick={() => void onCopy()}>
            {t('profile.referrals.copy')}
          </button>
        </div>
        <p className="mb-3">
          {t('profile.referrals.refID')} <code>{me.refID}</code>
        </p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setConfirming(true);
          }}
        >
          <SubmitButton isPending={generate.isPending} className="btn btn-outline-primary">
            {t('profile.referrals.generate')}
          </SubmitButton>
          <div className="form-text">{t('profile.referrals.generateHint')}</div>
        </form>
        {isConfirming && (
          <ConfirmDialog
            title={t('profile.referrals.confirmTitle')}
            confirmLabel={t('profile.referrals.confirmGenerate')}
            onConfirm={() => {
              setConfirming(false);
              generate.mutate();
            }}
            onCancel={() => setConfirming(false)}
          >
            <p className="mb-0">{t('profile.referrals.confirmText')}</p>
          </ConfirmDialog>
        )}
      </section>
      <section className="col-lg-5">
        <h2 className="h5">{t('profile.referrals.upline')}</h2>
        <p>{me.referredBy?.username ?? '—'}</p>
        <h2 id={`${linkId}-referrals`} className="h5">
          {t('profile.referrals.listTitle')}
        </h2>
        <PagedList
          labelledBy={`${linkId}-referrals`}
          pages={referrals}
          loadFailed={t('profile.referrals.loadFailed')}
          empty={t('profile.referrals.none')}
          itemKey={(referral) => referral.id}
          className="list-group"
          itemClassName="list-group-item"
        >
          {(referral) => referral.username}
        </PagedList>
      </section>
    </div>
  );
}
