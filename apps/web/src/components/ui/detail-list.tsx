import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';

export type Detail = { label: string; value: ReactNode };

// A labelled list of facts for the detail dialogs; an empty value reads as 'Not provided'.
export function DetailList({ details }: { details: Detail[] }) {
  const { t } = useTranslation();
  return (
    <dl className="row mb-0">
      {details.map((detail) => (
        <div key={detail.label} className="col-12 d-sm-flex mb-1">
          <dt className="col-sm-5 fw-semibold">{detail.label}</dt>
          <dd className="col-sm-7 mb-0 text-break">
            {detail.value === null || detail.value === undefined || detail.value === '' ? (
              <span className="text-body-secondary">{t('common.notProvided')}</span>
            ) : (
              detail.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
