import { BankDetailsFields } from '../../features/banking/components/bank-details-fields';
import { MyImpact } from '../../features/impact/components/my-impact';
import { OrdersPanel } from '../../features/orders/components/orders-panel';
import { AddressField } from '../../features/places/components/address-field';
import { MyDonationRequests } from '../../features/donations/components/my-donation-requests';
import { MyProductsList } from '../../features/products/components/my-products-list';
import { TransactionsTab } from '../../features/transactions/components/transactions-tab';
import { ProfileRoute } from '../../features/profiles/routes/profile';
import { ReferralsPanel } from '../../features/referrals/components/referrals-panel';

// /profile (spec §2). The app layer composes features: the profile form's address field is the places
// feature's and its bank details the banking feature's; the referrals tab is the referrals feature's panel,
// the orders tab the orders feature's, the my-products tab the products feature's list of the user's own
// products, the transactions tab the transactions feature's list, My requests the products feature's donation
// requests, and the impact tab the impact feature's figures (decisions 025, 028).
export function ProfilePage() {
  return (
    <ProfileRoute
      addressField={<AddressField />}
      bankDetails={(verification) => <BankDetailsFields {...verification} />}
      referralsTab={(me) => <ReferralsPanel me={me} />}
      ordersTab={(me) => <OrdersPanel userId={me.id} />}
      myProductsTab={<MyProductsList />}
      transactionsTab={<TransactionsTab />}
      myRequestsTab={<MyDonationRequests />}
      impactTab={<MyImpact />}
    />
  );
}
