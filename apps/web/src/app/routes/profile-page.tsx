import { MyProductsList } from '../../features/listings/components/my-products-list';
import { ProfileRoute } from '../../features/profiles/routes/profile';

// /profile (spec §2). The app layer composes features: the my-products tab is the listings feature's
// list of the user's own products.
export function ProfilePage() {
  return <ProfileRoute myProductsTab={<MyProductsList />} />;
}
