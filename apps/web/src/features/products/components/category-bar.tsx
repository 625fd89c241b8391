import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { CATEGORY_BAR_ORDER, type Category } from '@marketplace/shared/constants';

// spec §2: All, Clothes, Household-Items, Accessories, Electronics. The choice lives in the address
// (?category=), so the back button returns to the previous one. The server's first view of the home page
// draws the same bar (apps/api first-view.ts).

export function CategoryBar({ selected }: { selected: Category | undefined }) {
  const { t } = useTranslation();
  const entries = [
    { key: 'All', label: t('listings.category.All'), search: '', isSelected: selected === undefined },
    ...CATEGORY_BAR_ORDER.map((category) => ({
      key: category,
      label: t(`listings.category.${category}`),
      search: `?${new URLSearchParams({ category }).toString()}`,
      isSelected: selected === category,
    })),
  ];
  return (
    <nav aria-label={t('home.categoriesLabel')} className="category-bar mb-3">
      <ul className="nav nav-pills flex-nowrap gap-2">
        {entries.map((entry) => (
          <li key={entry.key} className="nav-item">
            <Link
              to={{ pathname: '/', search: entry.search }}
              className={entry.isSelected ? 'nav-link active' : 'nav-link'}
              aria-current={entry.isSelected ? 'page' : undefined}
              preventScrollReset
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
