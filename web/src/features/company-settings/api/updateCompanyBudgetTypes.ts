import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { BUDGETS_ROOT } from '@/lib/api/moneyKeys';
import { settingsKeys } from './keys';

export function updateCompanyBudgetTypes(body: Body<'/portal-service/v1/company/budgetType/update'>) {
  return api.post('/portal-service/v1/company/budgetType/update', { body });
}

export function useUpdateCompanyBudgetTypes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyBudgetTypes,
    onSuccess: (_, { corporateAccountOspId }) => {
      void client.invalidateQueries({ queryKey: settingsKeys.budgetTypes(corporateAccountOspId) });
      // The types offered for new budgets follow the company's settings.
      void client.invalidateQueries({ queryKey: BUDGETS_ROOT });
    },
  });
}
