import { paths } from '../../app/paths';
import { LoginForm } from './components/login-form';

/** /user/login (product-spec-1 §2): every staff role signs in here. */
export default function UserLoginPage() {
  return (
    <LoginForm
      kind="user"
      title="Staff Login"
      subtitle="Sign in to your hospital workspace."
      note="Don't have an account or forgot your password? Contact your hospital administrator."
      links={[
        { href: paths.adminLogin, label: 'Admin Login' },
        { href: paths.onboarding, label: 'Register your hospital' },
      ]}
    />
  );
}
