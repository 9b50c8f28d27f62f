import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../lib/testing/fake-api';
import { signedInStore } from '../lib/testing/session';
import DashboardForRole from './dashboard-for-role';

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

describe('/user/dashboard', () => {
  it("renders the compliance officer's dashboard at once: its code comes with the page", () => {
    // No answer is needed to show the page: its panels load (or fail) afterwards.
    api = fakeApi({});
    const store = signedInStore('compliance_officer', 8, { name: 'Ngozi Eze', initials: 'NE' });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/user/dashboard']}>
          <DashboardForRole />
        </MemoryRouter>
      </Provider>,
    );
    // In the first render: a lazy part would show its loading state first, and React 19 holds the
    // content back until 300 ms after that showed.
    expect(screen.getByRole('heading', { name: /^Compliance Dashboard/ })).toBeInTheDocument();
  });
});
