import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { OrderList } from './OrderList';

/**
 * One orders tab (a route): the open or handled season-card orders of
 * every company in reach (backoffice orders: general, handled) or of the
 * selected company (order handling). One module for the four tabs keeps
 * the router's first-load code small.
 */
export default function OrderTab({ where, handled }: { where: 'backoffice' | 'company'; handled: boolean }) {
  const { ospId } = useSelectedCorporateAccount();
  if (where === 'backoffice') return <OrderList scope={{ kind: 'backoffice' }} handled={handled} />;
  if (!ospId) return null; // the route's guard asks for a company first
  return <OrderList scope={{ kind: 'company', companyOspId: ospId }} handled={handled} />;
}
