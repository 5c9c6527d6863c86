import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { OrderList } from './OrderList';

/** Order handling tabs: the selected company's open (or handled) season-card orders. */
function CompanyOrders({ handled }: { handled: boolean }) {
  const { ospId } = useSelectedCorporateAccount();
  if (!ospId) return null; // the route's guard asks for a company first
  return <OrderList scope={{ kind: 'company', companyOspId: ospId }} handled={handled} />;
}

export default function CompanyOpenOrdersTab() {
  return <CompanyOrders handled={false} />;
}

export function CompanyHandledOrdersTab() {
  return <CompanyOrders handled />;
}
