import { MyImpact } from '../../features/impact/components/my-impact';
import { MyDonationRequests } from '../../features/products/components/my-donation-requests';
import { MyProductsList } from '../../features/products/components/my-products-list';
import { TransactionsTab } from '../../features/payments/components/transactions-tab';
import { ProfileRoute } from '../../features/profiles/routes/profile';

// /profile (spec §2). The app layer composes features: the my-products tab is the listings feature's
// list of the user's own products, the transactions tab the payments feature's list, My requests the
// listings feature's donation requests, and the impact tab the impact feature's figures (decision 025).
export function ProfilePage() {
  return (
    <ProfileRoute
      myProductsTab={<MyProductsList />}
      transactionsTab={<TransactionsTab />}
      myRequestsTab={<MyDonationRequests />}
      impactTab={<MyImpact />}
    />
  );
}
