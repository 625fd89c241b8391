import { useTranslation } from '../../../i18n/use-translation';
import type { ImpactFigures } from '@marketplace/shared/schemas/donations';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format-number';
import { useMyImpact } from '../api/get-my-impact';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SectionLoading } from '../../../components/ui/page-loading';

function Figures({
  title,
  figures,
  line,
}: {
  title: string;
  figures: ImpactFigures;
  line: 'impact.mineSummary' | 'impact.mineReceived';
}) {
  const { t } = useTranslation();
  return (
    <div className="col-12 col-md-6">
      <div className="card card-body h-100">
        <h3 className="h6">{title}</h3>
        <p className="mb-0">
          {t(line, {
            sold: formatNumber(figures.sold),
            given: formatNumber(figures.given),
            co2e: formatNumber(figures.co2eKg),
            waste: formatNumber(figures.wasteKg),
          })}
        </p>
      </div>
    </div>
  );
}

// The profile's impact tab (decision 025): what the user passed on and what they received.
export function MyImpact() {
  const { t } = useTranslation();
  const impact = useMyImpact();

  let content;
  if (impact.isPending) {
    content = <SectionLoading />;
  } else if (impact.isError) {
    content = <LoadFailed message={t('impact.loadFailed')} onRetry={() => void impact.refetch()} />;
  } else {
    const { passedOn, received } = impact.data;
    const isEmpty = passedOn.sold + passedOn.given + received.sold + received.given === 0;
    content = isEmpty ? (
      <p>{t('impact.mineEmpty')}</p>
    ) : (
      <div className="row g-3">
        <Figures title={t('impact.passedOn')} figures={passedOn} line="impact.mineSummary" />
        <Figures title={t('impact.received')} figures={received} line="impact.mineReceived" />
      </div>
    );
  }
  return (
    <section aria-labelledby="my-impact-title">
      <h2 id="my-impact-title" className="h5 mb-3">
        {t('impact.mineTitle')}
      </h2>
      {content}
      <p className="small mt-3 mb-0">
        <Link to="/about">{t('impact.counterLink')}</Link>
      </p>
    </section>
  );
}
