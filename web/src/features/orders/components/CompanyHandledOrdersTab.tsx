import { CompanyHandledOrdersTab } from './CompanyOrdersTab';

export default CompanyHandledOrdersTab;
