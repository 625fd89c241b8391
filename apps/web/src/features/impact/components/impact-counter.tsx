import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format-number';
import { useImpact } from '../api/get-impact';

// Whether the element has come near the screen; true at once where the browser cannot tell.
function useIsNearScreen(element: React.RefObject<HTMLElement | null>): boolean {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (isNear || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, isNear]);
  return isNear;
}

// The home page's compact impact counter (decision 025). It sits below the grid and asks for its figures
// only once it nears the screen, so it never competes with the first cards and pictures on a slow line.
export default function ImpactCounter(): ReactNode {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const isNear = useIsNearScreen(ref);
  const impact = useImpact({ enabled: isNear, hasErrorToast: false });

  let text;
  if (impact.isError) text = t('impact.loadFailed');
  else if (!impact.data) text = t('common.loading');
  else
    text = t('impact.counterText', {
      items: formatNumber(impact.data.sold + impact.data.given),
      co2e: formatNumber(impact.data.co2eKg),
      waste: formatNumber(impact.data.wasteKg),
    });

  return (
    <section
      ref={ref}
      className="impact-counter card card-body mt-4 text-center"
      aria-labelledby="impact-counter-title"
    >
      <h2 id="impact-counter-title" className="h6 mb-1">
        {t('impact.counterTitle')}
      </h2>
      <p className="mb-1" aria-live="polite" aria-busy={!impact.data && !impact.isError}>
        {text}
      </p>
      <Link to="/about" className="small">
        {t('impact.counterLink')}
      </Link>
    </section>
  );
}
