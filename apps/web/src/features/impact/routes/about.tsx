import { useTranslation } from '../../../i18n/use-translation';
import { CATEGORIES } from '@marketplace/shared/constants';
import { IMPACT_FACTORS, SUBSTITUTION_RATE, type ImpactSource } from '@marketplace/shared/impact';
import { formatNumber } from '../../../lib/format-number';
import { useImpact } from '../api/get-impact';
import { DataTable } from '../../../components/ui/data-table';
import { LoadFailed } from '../../../components/ui/load-failed';
import '../impact.scss';
import { SectionLoading } from '../../../components/ui/page-loading';

// Every source once, in the order the categories name them.
const SOURCES: ImpactSource[] = [
  ...new Map(
    CATEGORIES.flatMap((category) => IMPACT_FACTORS[category].sources).map((source) => [
      source.title,
      source,
    ]),
  ).values(),
];

function PlatformFigures() {
  const { t } = useTranslation();
  const impact = useImpact();
  if (impact.isPending) {
    return <SectionLoading spacing="py-3" />;
  }
  if (impact.isError) {
    return <LoadFailed message={t('impact.loadFailed')} onRetry={() => void impact.refetch()} />;
  }
  const kg = (value: number) => t('impact.kg', { value: formatNumber(value) });
  return (
    <>
      <dl className="row row-cols-2 row-cols-md-4 g-3 text-center mb-4">
        {(
          [
            ['impact.sold', formatNumber(impact.data.sold)],
            ['impact.given', formatNumber(impact.data.given)],
            ['impact.co2e', kg(impact.data.co2eKg)],
            ['impact.waste', kg(impact.data.wasteKg)],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="col">
            <dt className="small fw-normal text-body-secondary">{t(label)}</dt>
            <dd className="fs-5 fw-semibold mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="h6">{t('impact.perCategory')}</h3>
      {/* Focusable, so a keyboard can scroll it sideways on a narrow phone. */}
      <div className="table-responsive mb-4" tabIndex={0} role="region" aria-label={t('impact.perCategory')}>
        <DataTable
          className="table-sm"
          rows={impact.data.categories}
          rowKey={(row) => row.category}
          columns={[
            {
              label: t('impact.category'),
              isRowHeader: true,
              cell: (row) => t(`listings.category.${row.category}`),
            },
            { label: t('impact.sold'), isNumeric: true, cell: (row) => formatNumber(row.sold) },
            { label: t('impact.given'), isNumeric: true, cell: (row) => formatNumber(row.given) },
            { label: t('impact.co2e'), isNumeric: true, cell: (row) => kg(row.co2eKg) },
            { label: t('impact.waste'), isNumeric: true, cell: (row) => kg(row.wasteKg) },
          ]}
        />
      </div>
    </>
  );
}

// /about (decision 025): the mission, the platform's impact per category, and how it is counted, from
// which published figures.
export function AboutRoute() {
  const { t } = useTranslation();
  const kg = (value: number) => t('impact.kg', { value: formatNumber(value) });
  return (
    <article className="container py-4" style={{ maxWidth: '52rem' }}>
      <title>{`${t('impact.aboutTitle')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-3">{t('impact.aboutTitle')}</h1>
      <p className="lead">{t('impact.aboutIntro')}</p>
      <p>{t('home.mission')}</p>

      <section aria-labelledby="about-platform" className="mt-4">
        <h2 id="about-platform" className="h4 mb-3">
          {t('impact.platformTitle')}
        </h2>
        <PlatformFigures />
      </section>

      <section aria-labelledby="about-method" className="mt-4">
        <h2 id="about-method" className="h4 mb-3">
          {t('impact.methodTitle')}
        </h2>
        <p>{t('impact.method1')}</p>
        <p>{t('impact.method2', { rate: formatNumber(SUBSTITUTION_RATE) })}</p>
        <p>{t('impact.method3')}</p>
        <div className="table-responsive" tabIndex={0} role="region" aria-label={t('impact.factorsCaption')}>
          <DataTable
            className="table-sm"
            caption={t('impact.factorsCaption')}
            rows={CATEGORIES}
            rowKey={(category) => category}
            columns={[
              {
                label: t('impact.category'),
                isRowHeader: true,
                cell: (category) => t(`listings.category.${category}`),
              },
              {
                label: t('impact.weight'),
                isNumeric: true,
                cell: (category) => kg(IMPACT_FACTORS[category].weightKg),
              },
              {
                label: t('impact.co2eNew'),
                isNumeric: true,
                cell: (category) => kg(IMPACT_FACTORS[category].co2ePerKgNew),
              },
              {
                label: t('impact.perItem'),
                isNumeric: true,
                cell: (category) =>
                  t('impact.perItemValue', {
                    co2e: formatNumber(IMPACT_FACTORS[category].co2eKg),
                    waste: formatNumber(IMPACT_FACTORS[category].wasteKg),
                  }),
              },
            ]}
          />
        </div>
        <h3 className="h6 mt-3">{t('impact.sourcesTitle')}</h3>
        <ul>
          {SOURCES.map((source) => (
            <li key={source.title} lang="en">
              <strong>{source.name}</strong>,{' '}
              {source.url ? <a href={source.url}>{source.title}</a> : source.title}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
