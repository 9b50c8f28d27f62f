import { paths } from '../../app/paths';
import { LoginForm } from './components/login-form';

/** /admin/login (product-spec-1 §2). */
export default function AdminLoginPage() {
  return (
    <LoginForm
      kind="admin"
      title="Admin Login"
      subtitle="Sign in to manage your hospital."
      note="Only authorized personnel may log in. Access is monitored and recorded."
      links={[
        { href: paths.userLogin, label: 'Staff Login' },
        { href: paths.onboarding, label: 'Register your hospital' },
      ]}
    />
  );
}
