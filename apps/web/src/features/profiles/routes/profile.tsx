import '../../../styles/forms.scss';
import '../profile.scss';
import type { ReactNode } from 'react';
import Nav from 'react-bootstrap/Nav';
import Tab from 'react-bootstrap/Tab';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SavedCopyNote } from '../../../components/ui/saved-copy-note';
import { useMe } from '../../../lib/me';
import { ProfileForm, type ProfileFormSlots } from '../components/profile-form';
import { YourData } from '../components/your-data';

// spec §2: the tabs of /profile, each with its label; ?tab= picks one (?tab=orders opens orders).
const TAB_LABELS = {
  profile: 'profile.tabs.profile',
  referrals: 'profile.tabs.referrals',
  orders: 'profile.tabs.orders',
  transactions: 'profile.tabs.transactions',
  'my-products': 'profile.tabs.myProducts',
  // Donation requests and impact (decision 025).
  requests: 'donation.myRequestsTitle',
  impact: 'impact.mineTitle',
} as const;

export type ProfileTab = keyof typeof TAB_LABELS;

const PROFILE_TABS = Object.keys(TAB_LABELS) as ProfileTab[];
const DEFAULT_TAB: ProfileTab = 'profile';

function isProfileTab(value: string | null): value is ProfileTab {
  return value !== null && Object.hasOwn(TAB_LABELS, value);
}

type ProfileRouteProps = ProfileFormSlots & {
  // The user's referrals, orders, transactions and products belong to their own features; the app
  // composes them in (features stay apart). The tabs that need the user get them once loaded.
  referralsTab: (me: Me) => ReactNode;
  ordersTab: (me: Me) => ReactNode;
  myProductsTab: ReactNode;
  transactionsTab: ReactNode;
  myRequestsTab?: ReactNode;
  impactTab?: ReactNode;
};

export function ProfileRoute({
  addressField,
  bankDetails,
  referralsTab,
  ordersTab,
  myProductsTab,
  transactionsTab,
  myRequestsTab,
  impactTab,
}: ProfileRouteProps) {
  const { t } = useTranslation();
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const activeTab = isProfileTab(requestedTab) ? requestedTab : DEFAULT_TAB;

  // Each tab is its own history entry, so the back button returns to the tab before.
  function onSelectTab(key: string | null) {
    if (!isProfileTab(key) || key === activeTab) return;
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set('tab', key);
      return next;
    });
  }

  let content: ReactNode;
  if (me.isPending) {
    // spec §2: 'Loading...' while the profile is absent.
    content = <p role="status">{t('common.loading')}</p>;
  } else if (me.data === undefined) {
    content = <LoadFailed message={t('profile.loadFailed')} onRetry={() => void me.refetch()} />;
  } else {
    content = (
      <Tab.Container id="profile-tabs" activeKey={activeTab} onSelect={onSelectTab}>
        <Nav variant="tabs" className="profile-tabs mb-4" aria-label={t('profile.tabsLabel')}>
          {PROFILE_TABS.map((tab) => (
            <Nav.Item key={tab}>
              <Nav.Link as="button" type="button" eventKey={tab}>
                {t(TAB_LABELS[tab])}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <Tab.Content>
          {/* The form stays mounted, so switching tabs keeps what was typed. */}
          <Tab.Pane eventKey="profile">
            <ProfileForm me={me.data} addressField={addressField} bankDetails={bankDetails} />
            <YourData />
          </Tab.Pane>
          {/* The lists load when their tab is first opened. */}
          {(
            [
              ['referrals', referralsTab(me.data)],
              ['orders', ordersTab(me.data)],
              ['transactions', transactionsTab],
              ['my-products', myProductsTab],
              ['requests', myRequestsTab],
              ['impact', impactTab],
            ] satisfies [ProfileTab, ReactNode][]
          ).map(([tab, pane]) => (
            <Tab.Pane key={tab} eventKey={tab} mountOnEnter>
              {pane}
            </Tab.Pane>
          ))}
        </Tab.Content>
      </Tab.Container>
    );
  }

  return (
    <section className="container py-4">
      <title>{`${t('profile.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-4">{t('profile.title')}</h1>
      {/* Offline, the profile kept from the last visit (decision 056), with its time. */}
      <SavedCopyNote query={me} />
      {content}
    </section>
  );
}
