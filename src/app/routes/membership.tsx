import { MembershipView } from '../../features/membership/components/membership-view';

/** `/membership` (login required). */
export default function MembershipPage() {
  return <MembershipView />;
}
