import { H2 } from '@blueprintjs/core';

/** Stat cards and the referral chart arrive with the admin console issue. */
export function AdminDashboard() {
  return <H2>Dashboard</H2>;
}
