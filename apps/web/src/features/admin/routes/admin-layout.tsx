import '../../../styles/forms.scss';
import '../admin.scss';
import { Outlet } from 'react-router';
import { AdminNav } from '../components/admin-nav';

// The admin pages (behind RequireAdmin): the admin navigation above the page.
export function AdminLayoutRoute() {
  return (
    <>
      <AdminNav />
      <Outlet />
    </>
  );
}
