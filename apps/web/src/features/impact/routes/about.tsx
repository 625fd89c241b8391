import { useTranslation } from 'react-i18next';
import { CATEGORIES } from '@marketplace/shared/constants';
import { IMPACT_FACTORS, SUBSTITUTION_RATE, type ImpactSource } from '@marketplace/shared/impact';
import { formatNumber } from '../../../lib/format-number';
import { useImpact } from '../api/get-impact';
import { LoadFailed } from '../../../components/ui/load-failed';
import '../impact.scss';

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
    return (
      <p className="d-flex align-items-center py-3" role="status">
        <span className="spinner-border spinner-border-sm text-primary me-2" aria-hidden="true" />
        {t('common.loading')}
      </p>
    );
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
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th scope="col">{t('impact.category')}</th>
              <th scope="col" className="text-end">
                {t('impact.sold')}
              </th>
              <th scope="col" className="text-end">
                {t('impact.given')}
              </th>
              <th scope="col" className="text-end">
                {t('impact.co2e')}
              </th>
              <th scope="col" className="text-end">
                {t('impact.waste')}
              </th>
            </tr>
          </thead>
          <tbody>
            {impact.data.categories.map((row) => (
              <tr key={row.category}>
                <th scope="row">{t(`listings.category.${row.category}`)}</th>
                <td className="text-end">{formatNumber(row.sold)}</td>
                <td className="text-end">{formatNumber(row.given)}</td>
                <td className="text-end">{kg(row.co2eKg)}</td>
                <td className="text-end">{kg(row.wasteKg)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
          <table className="table table-sm align-middle">
            <caption>{t('impact.factorsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('impact.category')}</th>
                <th scope="col" className="text-end">
                  {t('impact.weight')}
                </th>
                <th scope="col" className="text-end">
                  {t('impact.co2eNew')}
                </th>
                <th scope="col" className="text-end">
                  {t('impact.perItem')}
                </th>
              </tr>
            </thead>
            <tbody>
              {CATEGORIES.map((category) => {
                const factor = IMPACT_FACTORS[category];
                return (
                  <tr key={category}>
                    <th scope="row">{t(`listings.category.${category}`)}</th>
                    <td className="text-end">{kg(factor.weightKg)}</td>
                    <td className="text-end">{kg(factor.co2ePerKgNew)}</td>
                    <td className="text-end">
                      {t('impact.perItemValue', {
                        co2e: formatNumber(factor.co2eKg),
                        waste: formatNumber(factor.wasteKg),
                      })}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
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
